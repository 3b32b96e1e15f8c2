import { describe, it, expect } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordProblem } from './password-policy.js';

describe('passwordProblem', () => {
  it('has the length limits of NIST SP 800-63B: at least 8, at most 128', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
  });

  it('refuses a password of 7 characters as too short', () => {
    expect(passwordProblem('Kq7#vLz')).toBe('password_too_short');
  });

  it('refuses the empty password as too short', () => {
    expect(passwordProblem('')).toBe('password_too_short');
  });

  it('accepts an uncommon password of exactly 8 characters', () => {
    expect(passwordProblem('Kq7#vLzP')).toBeNull();
  });

  it('refuses a password of 129 characters as too long', () => {
    expect(passwordProblem('Kq7#vLzP'.repeat(16) + 'x')).toBe('password_too_long');
  });

  it('accepts a password of exactly 128 characters', () => {
    expect(passwordProblem('Kq7#vLzP'.repeat(16))).toBeNull();
  });

  it('counts code points, not UTF-16 units: four emoji are too short although they are 8 units', () => {
    const fourEmoji = '🍉🍇🍒🥭';
    expect(fourEmoji).toHaveLength(8);
    expect(passwordProblem(fourEmoji)).toBe('password_too_short');
  });

  it('accepts 8 emoji and 128 emoji, and refuses 129 emoji as too long', () => {
    expect(passwordProblem('🍉🍇🍒🥭🍉🍇🍒🥭')).toBeNull();
    expect(passwordProblem('🍉'.repeat(128))).toBeNull();
    expect(passwordProblem('🍉'.repeat(129))).toBe('password_too_long');
  });

  it('counts letters written in Cyrillic and Uzbek Latin as one character each', () => {
    expect(passwordProblem('Ўзбекист')).toBeNull();
    expect(passwordProblem('O‘zbekis')).toBeNull();
    expect(passwordProblem('Ўзбеки')).toBe('password_too_short');
  });

  it.each([['password1'], ['qwertyuiop'], ['iloveyou'], ['12345678'], ['sunshine1']])(
    'refuses the common password %j',
    (password) => {
      expect(passwordProblem(password)).toBe('password_too_common');
    },
  );

  it.each([['PASSWORD1'], ['Password1'], ['QwertyUiop'], ['ILoveYou']])(
    'refuses the common password %j written in a different case',
    (password) => {
      expect(passwordProblem(password)).toBe('password_too_common');
    },
  );

  it('reports a common password shorter than 8 characters as too short, not as common', () => {
    expect(passwordProblem('123456')).toBe('password_too_short');
  });

  it('refuses a common password typed in full-width characters, which hashes the same as the common one after NFKC', () => {
    // ｐａｓｓｗｏｒｄ１ becomes "password1" under NFKC, the form the password is hashed in.
    const fullWidth = 'ｐａｓｓｗｏｒｄ１';
    expect(fullWidth.normalize('NFKC')).toBe('password1');
    expect(passwordProblem(fullWidth)).toBe('password_too_common');
  });

  it('accepts a long passphrase', () => {
    expect(passwordProblem('Qovun pishdi, Chorsu bozoriga boramiz')).toBeNull();
    expect(passwordProblem('correct horse battery staple')).toBeNull();
  });
});
