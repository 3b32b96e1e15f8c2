import { describe, expect, it } from 'vitest';
import { maskUzPhone, uzPhoneValue } from './phone-mask';

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
