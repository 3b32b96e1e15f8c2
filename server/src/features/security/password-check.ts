/**
 * The signed-in account's password, asked again before a sensitive change. Wrong answers count
 * like failed sign-ins (services/login-throttle.ts), per account and per address, so a stolen session
 * cannot be used to guess the password at leisure.
 */
import { badRequest } from '../../lib/api-error.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import type { LoginThrottle } from '../../services/login-throttle.js';
import type { User } from '../../storage/records.js';

/** The throttle key of a signed-in account's password checks (step-up, change of password). */
export const passwordCheckKey = (user: User) => `user:${user.id}`;

/**
 * Checks the account's password, throttled like a sign-in (docs/decisions.md): locked → 429
 * too_many_attempts_login; wrong (or no password at all) → `invalid_old_password` on `field`.
 */
export async function assertPassword(
  throttle: LoginThrottle,
  user: User,
  password: string,
  ip: string,
  field: string,
): Promise<void> {
  const passwordHash = user.passwordHash;
  const ok = await throttle.attempt(passwordCheckKey(user), ip, () =>
    passwordHash ? verifyPassword(passwordHash, password) : verifyAgainstDummy(password),
  );
  if (!ok) throw badRequest('invalid_old_password', field);
}
