import { describe, expect, it } from 'vitest';
import { appNameProblem, visibleAppName } from './app-name-rules.js';

/** Each a character that is invisible or reorders the text around it (docs/decisions.md, App names). */
const HIDDEN = {
  'right-to-left override': '\u202E',
  'left-to-right embedding': '\u202A',
  'first strong isolate': '\u2068',
  'pop directional isolate': '\u2069',
  'right-to-left mark': '\u200F',
  'Arabic letter mark': '\u061C',
  'zero-width space': '\u200B',
  'zero-width joiner': '\u200D',
  'byte order mark': '\uFEFF',
  'soft hyphen': '\u00AD',
  'Hangul filler': '\u3164',
  'Hangul choseong filler': '\u115F',
  'Hangul jungseong filler': '\u1160',
  'blank Braille pattern': '\u2800',
  'no-break space': '\u00A0',
  'ideographic space': '\u3000',
  tab: '\t',
  'line separator': '\u2028',
  'tag letter': '\u{E0041}',
};

describe('the app name rule both sides check', () => {
  it('takes names of any script, with digits, punctuation and plain spaces', () => {
    for (const name of ['Bozor Shop', 'Oʻzbek Do‘kon', 'Магазин №1', '商店', 'شركة', 'A-B (beta) & Co.'])
      expect(appNameProblem(name), name).toBeNull();
  });

  it.each(Object.entries(HIDDEN))('refuses a %s', (_name, character) => {
    expect(appNameProblem(`Pay${character}net`)).toBe('app_name_hidden_characters');
  });

  it('says an empty name is required and counts the length in characters', () => {
    expect(appNameProblem('  ')).toBe('field_required');
    expect(appNameProblem('😀'.repeat(60))).toBeNull();
    expect(appNameProblem('B'.repeat(61))).toBe('app_name_too_long');
  });

  it('writes out the hidden characters of a name registered before the rule, and leaves others alone', () => {
    expect(visibleAppName('Paynet\u202Eten\u200B')).toBe('Paynet⟨U+202E⟩ten⟨U+200B⟩');
    expect(visibleAppName('Bozor Shop')).toBe('Bozor Shop');
  });
});
