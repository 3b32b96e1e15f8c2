import { describe, expect, it } from 'vitest';
import { passwordStrength } from './password-strength';

describe("a new password's strength hint", () => {
  it('says nothing below the length rule, which has its own hint', () => {
    expect(passwordStrength('Ab1!xyz')).toBeNull();
  });

  it('calls the common ones weak and says to leave the pattern', () => {
    for (const password of ['password1', '12345678', 'qwerty123', 'aaaaaaaa', 'Parol2024', 'abcdefgh1'])
      expect(passwordStrength(password), password).toEqual({ strength: 'weak', tip: 'pattern' });
  });

  it('asks a short password of one kind of character for more kinds or more length', () => {
    expect(passwordStrength('mrtgkwzs')).toEqual({ strength: 'weak', tip: 'mix' });
    expect(passwordStrength('Mrtgkwzs7')).toMatchObject({ strength: 'fair' });
  });

  it('calls a long phrase or a varied password strong, with nothing to add', () => {
    expect(passwordStrength('Samarqand-Registon-2026')).toEqual({ strength: 'strong', tip: null });
    expect(passwordStrength('tog ortida quyosh botdi')).toEqual({ strength: 'strong', tip: null });
    expect(passwordStrength('Kq7#vZ2!pL')).toEqual({ strength: 'strong', tip: null });
  });
});
