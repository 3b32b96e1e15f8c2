import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

let common: Set<string> | undefined;

/** The 17,950 passwords of 8+ characters among the 49,233 most common ones of the zxcvbn-ts corpus. */
function commonPasswords(): Set<string> {
  if (!common) {
    const list = (dictionary as Record<string, string[]>)['passwords-common'] ?? [];
    common = new Set(list.filter((password) => password.length >= PASSWORD_MIN_LENGTH));
  }
  return common;
}

/**
 * NIST SP 800-63B §5.1.1.2: a length floor, a generous ceiling, no composition rules, and a check
 * against passwords known to be common. Returns the error key, or null when the password is acceptable.
 */
export function passwordProblem(password: string): string | null {
  // Judge the password that will be hashed: the NFKC form (lib/passwords.ts), so ｐａｓｓｗｏｒｄ１ is password1.
  const normalized = password.normalize('NFKC');
  const length = [...normalized].length;
  if (length < PASSWORD_MIN_LENGTH) return 'password_too_short';
  if (length > PASSWORD_MAX_LENGTH) return 'password_too_long';
  if (commonPasswords().has(normalized.toLowerCase())) return 'password_too_common';
  return null;
}
