import { describe, expect, it } from 'vitest';
import { formatPhone, phoneDigits, toE164Uz } from './phone';

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

describe('toE164Uz', () => {
  it.each([
    ['90 123 45 67', '+998901234567'],
    ['+998 90 123-45-67', '+998901234567'],
    ['998901234567', '+998901234567'],
    ['+998901234567', '+998901234567'],
    ['901234567', '+998901234567'],
    [' (33) 123.45.67 ', '+998331234567'],
  ])('normalises %j to %s', (input, expected) => {
    expect(toE164Uz(input)).toBe(expected);
  });

  it.each([
    ['an empty string', ''],
    ['8 digits', '90 123 45 6'],
    ['10 digits', '90 123 45 678'],
    ['a national part starting with 0', '012 345 67 89'],
    ['a country-code number whose national part starts with 0', '+998 01 234 56 78'],
    ['another country code', '+7 901 234 56 78'],
    ['12 digits not starting with 998', '997901234567'],
    ['a plus followed by only 9 digits', '+901234567'],
    ['letters mixed in', '90 123 45 67 ext'],
    ['a plus in the middle', '998+901234567'],
  ])('refuses %s', (_label, input) => {
    expect(toE164Uz(input)).toBeNull();
  });
});
