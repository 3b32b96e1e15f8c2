/**
 * Failed password logins slow down, then lock for minutes, per account and per client address —
 * never permanently (OWASP Authentication Cheat Sheet, "Account Lockout"; NIST SP 800-63B §5.2.2).
 * The account key is the contact typed, so an unknown account is throttled exactly like a real one
 * and the lock itself reveals nothing.
 */
import { LOGIN_THROTTLE_ACCOUNT, LOGIN_THROTTLE_IP, type ThrottlePolicy } from '../../config/policy.js';
import { tooManyRequests } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Contact } from '../../lib/contacts.js';
import type { Storage } from '../../storage/storage.js';

/** The per-account throttle key: the contact as typed, whether or not an account has it. */
export function accountThrottleKey(contact: Contact): string {
  return `${contact.type}:${contact.value}`;
}

export interface LoginThrottle {
  /** Throws 429 too_many_attempts_login with Retry-After while either key is locked. */
  assertOpen(accountKey: string, ip: string): Promise<void>;
  recordFailure(accountKey: string, ip: string): Promise<void>;
  recordSuccess(accountKey: string): Promise<void>;
}

const SCOPES: ReadonlyArray<{ scope: 'account' | 'ip'; policy: ThrottlePolicy }> = [
  { scope: 'account', policy: LOGIN_THROTTLE_ACCOUNT },
  { scope: 'ip', policy: LOGIN_THROTTLE_IP },
];

/** Lock length after `failures` failures: none while free, then doubling from the base, capped. */
export function lockSeconds(policy: ThrottlePolicy, failures: number): number {
  const over = failures - policy.freeFailures;
  if (over <= 0) return 0;
  return Math.min(policy.baseLockSeconds * 2 ** (over - 1), policy.maxLockSeconds);
}

const keyFor = (scope: 'account' | 'ip', accountKey: string, ip: string) => (scope === 'account' ? accountKey : ip);

export function createLoginThrottle(storage: Storage, clock: Clock): LoginThrottle {

  return {
    async assertOpen(accountKey, ip) {
      const now = clock.now();
      let retryAfterMs = 0;
      for (const { scope } of SCOPES) {
        const state = await storage.throttle.get(scope, keyFor(scope, accountKey, ip));
        if (state?.lockedUntil && state.lockedUntil > now) retryAfterMs = Math.max(retryAfterMs, state.lockedUntil - now);
      }
      if (retryAfterMs > 0) throw tooManyRequests('too_many_attempts_login', retryAfterMs / 1000);
    },

    async recordFailure(accountKey, ip) {
      const now = clock.now();
      await storage.transaction(async (tx) => {
        for (const { scope, policy } of SCOPES) {
          const key = keyFor(scope, accountKey, ip);
          const state = await tx.throttle.get(scope, key);
          const forgotten = !state || now - state.lastFailureAt > policy.forgetAfterSeconds * 1000;
          const failures = (forgotten ? 0 : state.failures) + 1;
          const lock = lockSeconds(policy, failures);
          await tx.throttle.put({ scope, key, failures, lastFailureAt: now, lockedUntil: lock > 0 ? now + lock * 1000 : null });
        }
      });
    },

    async recordSuccess(accountKey) {
      // The address keeps its count: a success on one's own account must not reset a spray elsewhere.
      await storage.throttle.remove('account', accountKey);
    },
  };
}
