import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KEY_ENCRYPTION_SECRET_MIN_ESTIMATED_BITS } from './policy.js';
import { estimatedSecretBits } from './secret-strength.js';

describe('the estimate of a secret’s bits', () => {
  it('counts a repeated character or pattern once, by the Shannon entropy of its characters', () => {
    expect(estimatedSecretBits('a'.repeat(64))).toBe(0);
    expect(estimatedSecretBits('abc'.repeat(20))).toBeCloseTo(3 * Math.log2(3));
    expect(estimatedSecretBits('abcd'.repeat(8) + 'a')).toBeCloseTo(8, 0);
  });

  it('passes every secret made as the README says, with room to spare', () => {
    for (let draw = 0; draw < 200; draw++)
      expect(estimatedSecretBits(randomBytes(32).toString('base64'))).toBeGreaterThan(
        KEY_ENCRYPTION_SECRET_MIN_ESTIMATED_BITS + 40,
      );
  });
});
