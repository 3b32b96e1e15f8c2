import { describe, expect, it } from 'vitest';
import { relativeText } from './when';

const NOW = Date.parse('2026-11-27T09:00:00.000Z');
const i18n = {
  t: (key: string) => ({ just_now: 'Just now' })[key] ?? key,
  tn: (key: string, n: number) => `${n} ${key}`,
};

describe('relativeText', () => {
  it('starts "Just now" with a small letter inside a sentence ("Last changed just now"), not alone', () => {
    expect(relativeText(i18n, '2026-11-27T08:59:40.000Z', NOW)).toBe('Just now');
    expect(relativeText(i18n, '2026-11-27T08:59:40.000Z', NOW, true)).toBe('just now');
    expect(relativeText(i18n, '2026-11-27T08:55:00.000Z', NOW, true)).toBe('5 minutes_ago');
  });
});
