import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits, unbroken } from './phone';

// The rule that reads a typed number, and its tests, live in server/src/contract/contact-rules.ts.

describe('formatPhone', () => {
  it('groups an Uzbek number as +998 90 123 45 67', () => {
    expect(formatPhone('+998901234567')).toBe('+998 90 123 45 67');
  });

  it('adds the plus to 12 bare digits', () => {
    expect(formatPhone('998901234567')).toBe('+998 90 123 45 67');
  });

  it('regroups a number written with other separators', () => {
    expect(formatPhone(' +998 (90) 123-45-67 ')).toBe('+998 90 123 45 67');
  });

  it('groups any 12 digits as 3, 2, 3, 2, 2, not only Uzbek ones', () => {
    expect(formatPhone('123456789012')).toBe('+123 45 678 90 12');
  });

  it.each([
    ['too short', ' 90 123 45 67 ', '90 123 45 67'],
    ['too long', '+9989012345678', '+9989012345678'],
    ['empty', '', ''],
    ['not a number', '  call me  ', 'call me'],
  ])('returns the trimmed input unchanged when it is %s', (_label, input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });
});

describe('phoneDigits', () => {
  it('keeps only the digits', () => {
    expect(phoneDigits('+998 (90) 123-45-67')).toBe('998901234567');
  });

  it('returns an empty string when there are no digits', () => {
    expect(phoneDigits('+ () -')).toBe('');
  });
});

describe('a masked contact in a sentence', () => {
  it('is held together by no-break spaces', () => {
    expect(unbroken('+998 90 *** ** 67')).toBe('+998\u00a090\u00a0***\u00a0**\u00a067');
    expect(unbroken('za***@example.uz')).toBe('za***@example.uz');
  });
});
