import { describe, expect, it } from 'vitest';
import { NAME_MAX_LENGTH, nameProblem, tidyName } from './name-rules.js';

describe('the name rule both sides check', () => {
  it('takes names of any script with the marks real names carry, tidied', () => {
    for (const name of ['Aziz', 'O‘g‘li', 'Анна-Мария', "D'Artagnan", 'Jean Paul', 'Sh. Rashidov'])
      expect(nameProblem(name), name).toBeNull();
    expect(tidyName('  Jean   Paul ')).toBe('Jean Paul');
  });

  it('says an empty name is required and anything else wrong is not a name', () => {
    expect(nameProblem('   ')).toBe('field_required');
    for (const name of ['Aziz2', '<b>', '-Aziz', 'a'.repeat(NAME_MAX_LENGTH + 1)])
      expect(nameProblem(name), name).toBe('invalid_name');
    expect(nameProblem('a'.repeat(NAME_MAX_LENGTH))).toBeNull();
  });
});
