import { describe, it, expect } from 'vitest';
import { maskContact, maskEmail, maskPhone, normalizeEmail, normalizePhone } from './contacts.js';

describe('normalizePhone', () => {
  it.each([
    ['+998 90 123-45-67'],
    ['998901234567'],
    ['(90) 123 45 67'],
    ['901234567'],
    ['+998901234567'],
    ['+998 (90) 123.45.67'],
    ['  +998 90 123 45 67  '],
  ])('turns the Uzbek number %j into +998901234567', (input) => {
    expect(normalizePhone(input)).toBe('+998901234567');
  });

  it('keeps the operator code and the subscriber digits of other Uzbek numbers', () => {
    expect(normalizePhone('+998 33 700 00 01')).toBe('+998337000001');
    expect(normalizePhone('71 200 00 00')).toBe('+998712000000');
  });

  it.each([
    ['+7 912 345 67 89', 'a Russian number'],
    ['+79123456789', 'a Russian number without spaces'],
    ['+1 202 555 0143', 'a US number'],
    ['+996 555 123 456', 'a Kyrgyz number'],
  ])('refuses the non-Uzbek number %j (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it.each([
    ['90123456', '8 national digits'],
    ['+99890123456', '8 digits after +998'],
    ['+998', 'the country code alone'],
    ['', 'nothing'],
    ['+', 'a lone plus'],
  ])('refuses %j as too short (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it.each([
    ['9012345678', '10 national digits'],
    ['+9989012345678', '10 digits after +998'],
    ['99890123456789', '14 digits'],
  ])('refuses %j as too long (%s)', (input) => {
    expect(normalizePhone(input)).toBeNull();
  });

  it.each([['+998 90 123 45 6a'], ['+998 ninety 1234567'], ['abc'], ['90-123-45-6O']])(
    'refuses %j because it contains letters',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );

  it.each([['+998 01 234 56 78'], ['998012345678'], ['012345678']])(
    'refuses %j because the operator code starts with 0',
    (input) => {
      expect(normalizePhone(input)).toBeNull();
    },
  );

  it('refuses a plus sign anywhere but at the start', () => {
    expect(normalizePhone('998+901234567')).toBeNull();
    expect(normalizePhone('++998901234567')).toBeNull();
  });
});

describe('normalizeEmail', () => {
  it('lower-cases and trims an address', () => {
    expect(normalizeEmail('  Aziza.Karimova@Gmail.COM \n')).toBe('aziza.karimova@gmail.com');
  });

  it('accepts an address with a sub-domain, a plus tag and a hyphenated domain', () => {
    expect(normalizeEmail('a.b+tag@mail.my-company.uz')).toBe('a.b+tag@mail.my-company.uz');
  });

  it.each([
    ['a@b', 'no dot in the domain'],
    ['no-at', 'no @ at all'],
    ['a b@c.uz', 'a space in the local part'],
    ['a@b c.uz', 'a space in the domain'],
    ['a@@b.uz', 'two @ signs'],
    ['@b.uz', 'an empty local part'],
    ['a@.uz', 'an empty domain label'],
    ['a@b.u', 'a one-letter top-level domain'],
    ['a@b.12', 'a numeric top-level domain'],
    ['a@-b.uz', 'a domain label starting with a hyphen'],
    ['"a"@b.uz', 'a quoted local part'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (input) => {
    expect(normalizeEmail(input)).toBeNull();
  });

  it('accepts an address of exactly 254 characters and refuses one of 255 or more', () => {
    const domain = '@gmail.com';
    const at254 = `${'a'.repeat(254 - domain.length)}${domain}`;
    const at255 = `${'a'.repeat(255 - domain.length)}${domain}`;
    expect(at254).toHaveLength(254);
    expect(normalizeEmail(at254)).toBe(at254);
    expect(normalizeEmail(at255)).toBeNull();
    expect(normalizeEmail(`${'a'.repeat(1000)}${domain}`)).toBeNull();
  });
});

describe('masking', () => {
  it('shows only the country code, the operator code and the last two digits of a phone', () => {
    expect(maskPhone('+998901234567')).toBe('+998 90 *** ** 67');
    expect(maskPhone('+998337000001')).toBe('+998 33 *** ** 01');
  });

  it('shows the first two characters of an e-mail local part and the whole domain', () => {
    expect(maskEmail('aziza@gmail.com')).toBe('az***@gmail.com');
  });

  it('shows only the first character of a one- or two-character local part', () => {
    expect(maskEmail('a@mail.uz')).toBe('a***@mail.uz');
    expect(maskEmail('ab@mail.uz')).toBe('a***@mail.uz');
  });

  it('masks a contact by its type', () => {
    expect(maskContact({ type: 'phone', value: '+998901234567' })).toBe('+998 90 *** ** 67');
    expect(maskContact({ type: 'email', value: 'aziza@gmail.com' })).toBe('az***@gmail.com');
  });
});
