/**
 * The signed-in account's password, asked again before a sensitive change. Wrong answers count
 * like failed sign-ins (services/login-throttle.ts), per account and per address, so a stolen session
 * cannot be used to guess the password at leisure.
 */
import { badRequest } from '../../lib/api-error.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/passwords.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { recordFailure } from '../../services/audit-log.js';
import type { LoginThrottle } from '../../services/login-throttle.js';
import type { User } from '../../storage/records.js';
import type { Storage } from '../../storage/storage.js';

/** The throttle key of a signed-in account's password checks (step-up, change of password). */
export const passwordCheckKey = (user: User) => `user:${user.id}`;

/**
 * Checks the account's password, throttled like a sign-in (docs/decisions.md): locked → 429
 * too_many_attempts_login; wrong (or no password at all) → `invalid_old_password` on `field`.
 */
export async function assertPassword(
  deps: { throttle: LoginThrottle; storage: Storage; now: () => number },
  user: User,
  password: string,
  from: { meta: Pick<RequestMeta, 'ip' | 'userAgent'>; sessionId: string | null },
  field: string,
): Promise<void> {
  const passwordHash = user.passwordHash;
  const ok = await deps.throttle.attempt(
    passwordCheckKey(user),
    from.meta.ip,
    () => (passwordHash ? verifyPassword(passwordHash, password) : verifyAgainstDummy(password)),
    // A wrong password from a signed-in session is a sign of a stolen one: the owner's log says so.
    async ({ accountLocked }) => {
      const entry = { userId: user.id, sessionId: from.sessionId, meta: from.meta, at: deps.now() };
      await recordFailure(deps.storage, { ...entry, type: 'password_failed', details: { where: 'confirm' } });
      if (accountLocked) await recordFailure(deps.storage, { ...entry, type: 'password_locked' });
    },
  );
  if (!ok) throw badRequest('invalid_old_password', field);
}
