/**
 * The length rule of a new password, both sides: the SPA's new-password fields check it as typed and
 * the server's policy (lib/password-policy.ts) applies it before its check against common passwords.
 * Pure, no imports (the browser imports this file as code).
 *
 * The server is the authority, so the rule is the server's: the password is judged in its NFKC form,
 * the form that is hashed (lib/passwords.ts), and counted in code points, as a person counts
 * characters. NFKC makes a full-width `ｐａｓｓｗｏｒｄ１` the `password1` it looks like and may change
 * the count (the ligature `ﬁ` is two letters, `e` with a combining accent is one); the SPA counts the
 * same way, so a password the form accepts is one the server takes, and one the form refuses the
 * server refuses too (NIST SP 800-63B §5.1.1.2: at least 8 characters, at most a generous 64 or more).
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordLengthProblem = 'password_too_short' | 'password_too_long';

/** The password as it is judged and hashed. */
export const normalizedPassword = (password: string): string => password.normalize('NFKC');

/** The error key of a password's length, or null when its length is acceptable. */
export function passwordLengthProblem(password: string): PasswordLengthProblem | null {
  const length = [...normalizedPassword(password)].length;
  if (length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  return length > PASSWORD_MAX_LENGTH ? 'password_too_long' : null;
}
