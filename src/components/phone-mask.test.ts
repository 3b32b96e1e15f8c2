import { describe, expect, it } from 'vitest';
import { looksLikePhone, maskIdentifier, maskUzPhone, uzPhoneValue } from './phone-mask';

describe('the +998 mask', () => {
  it('groups the national number as it is typed', () => {
    expect(maskUzPhone('9')).toBe('9');
    expect(maskUzPhone('901')).toBe('90 1');
    expect(maskUzPhone('901234567')).toBe('90 123 45 67');
    expect(maskUzPhone('90-123-45-678')).toBe('90 123 45 67');
  });

  it('accepts a pasted full number with the country code', () => {
    expect(maskUzPhone('+998 90 123 45 67')).toBe('90 123 45 67');
  });

  it('gives the number only when complete', () => {
    expect(uzPhoneValue('90 123 45 6')).toBeNull();
    expect(uzPhoneValue('90 123 45 67')).toBe('+998901234567');
  });
});

describe("sign-in's one field for a phone or an e-mail", () => {
  it('masks what looks like a phone, national or with the country code', () => {
    expect(maskIdentifier('901234567')).toBe('90 123 45 67');
    expect(maskIdentifier('+')).toBe('+');
    expect(maskIdentifier('+99890123')).toBe('+998 90 123');
    expect(maskIdentifier('+998 90 123 45 67')).toBe('+998 90 123 45 67');
    expect(maskIdentifier('998901234567')).toBe('+998 90 123 45 67');
    expect(looksLikePhone('90 12')).toBe(true);
  });

  it('leaves an e-mail as typed, even one that starts with digits', () => {
    expect(maskIdentifier('aziz@example.uz')).toBe('aziz@example.uz');
    expect(maskIdentifier('90aziz@example.uz')).toBe('90aziz@example.uz');
    expect(maskIdentifier('90 1a')).toBe('901a');
    expect(looksLikePhone('a')).toBe(false);
  });
});
