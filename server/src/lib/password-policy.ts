import { dictionary } from '@zxcvbn-ts/language-common';
import type { ErrorKey } from '../contract/error-keys.js';
import {
  normalizedPassword,
  passwordLengthProblem,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../contract/password-rules.js';

// The length rule is the contract's, which the SPA's form applies too.
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };

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
export function passwordProblem(password: string): ErrorKey | null {
  const length = passwordLengthProblem(password);
  if (length) return length;
  // Judge the password that will be hashed: the NFKC form (lib/passwords.ts), so ｐａｓｓｗｏｒｄ１ is password1.
  if (commonPasswords().has(normalizedPassword(password).toLowerCase())) return 'password_too_common';
  return null;
}
