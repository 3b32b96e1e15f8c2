import { describe, expect, it } from 'vitest';
import { cardLabel, maskCardNumber, maskExpiry } from './card-input';

describe('the card fields’ masks', () => {
  it('groups the number 4-4-4-4 and keeps only 16 digits', () => {
    expect(maskCardNumber('8600495473316478')).toBe('8600 4954 7331 6478');
    expect(maskCardNumber('8600-4954 73')).toBe('8600 4954 73');
    expect(maskCardNumber('8600')).toBe('8600');
    expect(maskCardNumber('86004954733164781234')).toBe('8600 4954 7331 6478');
    expect(maskCardNumber('abc')).toBe('');
  });

  it('writes the expiry as MM/YY', () => {
    expect(maskExpiry('0399')).toBe('03/99');
    expect(maskExpiry('03/9')).toBe('03/9');
    expect(maskExpiry('03')).toBe('03');
    expect(maskExpiry('4')).toBe('04');
    expect(maskExpiry('12/305')).toBe('12/30');
  });

  it('names a saved card by its brand and last four digits', () => {
    expect(cardLabel({ brand: 'uzcard', masked_number: '860049******6478' })).toBe('UzCard ·· 6478');
    expect(cardLabel({ brand: 'humo', masked_number: '986006******6313' })).toBe('Humo ·· 6313');
  });
});
