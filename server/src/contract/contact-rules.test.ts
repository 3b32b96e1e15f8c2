import { describe, expect, it } from 'vitest';
import { normalizeEmail, normalizePhone } from './contact-rules.js';

// The edges of the two rules this one replaced: the SPA's toE164Uz and the server's normalizePhone.
describe('normalizePhone', () => {
  it.each([
    ['90 123 45 67', '+998901234567'],
    ['+998 90 123-45-67', '+998901234567'],
    ['998901234567', '+998901234567'],
    ['+998901234567', '+998901234567'],
    ['901234567', '+998901234567'],
    ['(90) 123 45 67', '+998901234567'],
    ['+998 (90) 123.45.67', '+998901234567'],
    ['  +998 90 123 45 67  ', '+998901234567'],
    [' (33) 123.45.67 ', '+998331234567'],
    ['+998 33 700 00 01', '+998337000001'],
    ['71 200 00 00', '+998712000000'],
    // The server took these, the SPA's check did not: the plus is read after the separators go.
    ['(+998) 90 123 45 67', '+998901234567'],
    ['+ 998 90 123 45 67', '+998901234567'],
  ])('normalises %j to %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it.each([
    ['an empty string', ''],
    ['a lone plus', '+'],
    ['the country code alone', '+998'],
    ['8 national digits', '90 123 45 6'],
    ['8 digits after +998', '+99890123456'],
    ['10 national digits', '90 123 45 678'],
    ['10 digits after +998', '+9989012345678'],
    ['14 digits', '99890123456789'],
    ['a national part starting with 0', '012 345 67 89'],
    ['a country-code number whose national part starts with 0', '+998 01 234 56 78'],
    ['12 digits whose national part starts with 0', '998012345678'],
    ['a Russian number', '+7 912 345 67 89'],
    ['a Russian number without spaces', '+79123456789'],
    ['a US number', '+1 202 555 0143'],
    ['a Kyrgyz number', '+996 555 123 456'],
    ['12 digits not starting with 998', '997901234567'],
    // The SPA refused this, the server took it as Uzbek: a plus and 9 digits is another country's number.
    ['a plus followed by only 9 digits', '+901234567'],
    ['letters mixed in', '90 123 45 67 ext'],
    ['a letter O for a zero', '90-123-45-6O'],
    ['words', '+998 ninety 1234567'],
    ['a plus in the middle', '998+901234567'],
    ['two pluses', '++998901234567'],
  ])('refuses %s (%j)', (_label, input) => {
    expect(normalizePhone(input)).toBeNull();
  });
});

describe('normalizeEmail', () => {
  it('lower-cases and trims an address', () => {
    expect(normalizeEmail('  Aziza.Karimova@Gmail.COM \n')).toBe('aziza.karimova@gmail.com');
  });

  it.each([['a@b'], ['no-at'], ['a b@c.uz'], ['a@@b.uz'], ['@b.uz'], ['a@.uz'], ['a@b.u1']])('refuses %j', (input) => {
    expect(normalizeEmail(input)).toBeNull();
  });
});
