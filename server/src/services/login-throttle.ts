/**
 * Failed password checks slow down, then lock for minutes, per account and per client address —
 * never permanently (OWASP Authentication Cheat Sheet, "Account Lockout"; NIST SP 800-63B §5.2.2).
 * The account key is the contact typed, so an unknown account is throttled exactly like a real one
 * and the lock itself reveals nothing.
 *
 * Every attempt is counted before its password is checked (issue 10 §2). Its reservation is one
 * statement in the database that goes ahead only while the key would stay unlocked even if every
 * attempt already under way failed; a failure then settles it (and may lock the key), a success
 * gives it back. So N guesses at once cost exactly what N guesses one after another cost, in one
 * process or in many. An attempt that finds earlier ones still being checked waits for their outcome
 * rather than being judged on a count that is not known yet — as it would, sent a moment later.
 */
import {
  LOGIN_ATTEMPT_MAX_WAIT_MS,
  LOGIN_ATTEMPT_RESERVATION_SECONDS,
  LOGIN_THROTTLE_ACCOUNT,
  LOGIN_THROTTLE_IP,
  type ThrottlePolicy,
} from '../config/policy.js';
import { tooManyRequests } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import type { Contact } from '../lib/contacts.js';
import { randomSecret } from '../lib/secrets.js';
import type { Signals } from '../storage/signals.js';
import type { Storage } from '../storage/storage.js';
import type { KirishMetrics } from './metrics.js';

/** The per-account throttle key: the contact as typed, whether or not an account has it. */
export function accountThrottleKey(contact: Contact): string {
  return `${contact.type}:${contact.value}`;
}

export interface LoginThrottle {
  /**
   * Checks a password as one counted attempt at the account key and the client address: reserves
   * it (429 too_many_attempts_login with Retry-After while either is locked), runs `check`, and
   * settles it — false is a failure; true clears the account's failures and gives the address its
   * attempt back. Returns what `check` returned. `onFailure` hears of a settled failure, and whether
   * it locked the account key (the security log's lines, audit-log.ts).
   */
  attempt(
    accountKey: string,
    ip: string,
    check: () => Promise<boolean>,
    onFailure?: (failure: { accountLocked: boolean }) => Promise<void>,
  ): Promise<boolean>;
  /** Forgets the account's failures: its owner proved the contact another way (a reset code). */
  clearAccount(accountKey: string): Promise<void>;
}

export interface LoginThrottleOptions {
  /** How long an attempt waits for earlier ones to be decided before it is refused; real time. */
  maxWaitMs?: number;
  /**
   * How often a waiting attempt asks again at the latest. An attempt decided in this process wakes
   * the waiters for its keys at once; this covers those decided by other processes.
   */
  pollMs?: number;
  /** Counts the locks set, by scope (issue 13). */
  metrics?: Pick<KirishMetrics, 'lockout'>;
  /** Tells the other instances when an attempt is decided, so their waiters look again at once. */
  signals?: Signals;
}

/** The signal channel of decided attempts; the message names the instance and the attempt's waiting keys, in JSON. */
export const LOGIN_ATTEMPTS_CHANNEL = 'kirish_login_attempts';

/**
 * Lock length once `failures` failures in a row are counted: none before the free ones are used up;
 * the last free failure sets the base lock, and each further one doubles it, up to the cap.
 */
export function lockSeconds(policy: ThrottlePolicy, failures: number): number {
  if (failures < policy.freeFailures) return 0;
  return Math.min(policy.baseLockSeconds * 2 ** (failures - policy.freeFailures), policy.maxLockSeconds);
}

interface ThrottleKey {
  scope: 'account' | 'ip';
  key: string;
  policy: ThrottlePolicy;
}

/** Each scope's policy, the account's first. */
const POLICIES = [
  ['account', LOGIN_THROTTLE_ACCOUNT],
  ['ip', LOGIN_THROTTLE_IP],
] as const satisfies readonly (readonly [ThrottleKey['scope'], ThrottleKey['policy']])[];

/**
 * The account's row always before the address's: on PostgreSQL every statement and transaction then
 * takes the two row locks in the same order, so two attempts can never wait for each other in a circle.
 */
const keysOf = (accountKey: string, ip: string): ThrottleKey[] =>
  POLICIES.map(([scope, policy]) => ({ scope, key: scope === 'account' ? accountKey : ip, policy }));

/**
 * Drops the keys that count nothing any more: no failure left to remember, no lock, no attempt
 * under way (a success or a given-back attempt leaves such a row behind). Run by background-jobs.ts.
 */
export async function sweepLoginThrottle(storage: Storage, clock: Clock): Promise<number> {
  const now = clock.now();
  let swept = 0;
  for (const [scope, policy] of POLICIES)
    swept += await storage.throttle.sweep(scope, now, now - policy.forgetAfterSeconds * 1000);
  return swept;
}

const waitingKey = ({ scope, key }: ThrottleKey) => `${scope} ${key}`;

/**
 * Why a reservation was refused: a lock that holds, or attempts under way whose outcome decides
 * (`freed`: one was decided before the refusal was marked as waiting, so no signal is coming).
 */
type Refusal = { locked: true; retryAfterSeconds: number } | { locked: false; freed: boolean };

export function createLoginThrottle(storage: Storage, clock: Clock, options: LoginThrottleOptions = {}): LoginThrottle {
  const maxWaitMs = options.maxWaitMs ?? LOGIN_ATTEMPT_MAX_WAIT_MS;
  const pollMs = options.pollMs ?? 20;
  /** The attempts of this process waiting at each key. Only a wake-up call: the database decides. */
  const waiting = new Map<string, Set<() => void>>();

  /**
   * Listens for a decision at the keys from now on (here, or in another instance that signals it),
   * before the attempt asks: a decision that lands while its question is out still wakes it. `next`
   * resolves at once if one came already, else when one comes or after pollMs.
   */
  function listen(keys: ThrottleKey[]): { next: () => Promise<void>; stop: () => void } {
    let woken = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let resolveNext: (() => void) | undefined;
    const stop = () => {
      clearTimeout(timer);
      for (const key of keys) {
        const waiters = waiting.get(waitingKey(key));
        waiters?.delete(wake);
        if (waiters?.size === 0) waiting.delete(waitingKey(key));
      }
    };
    function wake() {
      woken = true;
      stop();
      resolveNext?.();
    }
    for (const key of keys) {
      const waiters = waiting.get(waitingKey(key)) ?? new Set();
      waiters.add(wake);
      waiting.set(waitingKey(key), waiters);
    }
    return {
      next: () =>
        woken
          ? Promise.resolve()
          : new Promise<void>((resolve) => {
              resolveNext = resolve;
              timer = setTimeout(wake, pollMs);
            }),
      stop,
    };
  }

  function wakeWaiting(ids: readonly string[]): void {
    // A waiter removes itself as it wakes; a Set's iteration allows that.
    for (const id of ids) for (const wake of waiting.get(id) ?? []) wake();
  }

  // Another instance's decision: a waiter here looks again. This instance's own come back from the
  // database too, and are passed over: its waiters were woken already.
  const instance = randomSecret(9);
  options.signals?.subscribe(LOGIN_ATTEMPTS_CHANNEL, (message) => {
    let decided: { from?: unknown; keys?: unknown };
    try {
      decided = JSON.parse(message) as typeof decided;
    } catch {
      return;
    }
    if (decided.from === instance || !Array.isArray(decided.keys)) return;
    wakeWaiting(decided.keys.filter((id): id is string => typeof id === 'string'));
  });

  /**
   * An attempt at the keys is decided: this process's waiters look again at once, and the other
   * instances' too when one may be waiting there (`waitedOn`, from the key's row) — not on every
   * sign-in, which would send each one to every instance.
   */
  function wakeUp(keys: ThrottleKey[], waitedOn: boolean): void {
    const ids = keys.map(waitingKey);
    wakeWaiting(ids);
    if (waitedOn) options.signals?.publish(LOGIN_ATTEMPTS_CHANNEL, JSON.stringify({ from: instance, keys: ids }));
  }

  /** One try at reserving the attempt at every key, all or none; the refusal, or null when reserved. */
  async function tryReserve(keys: ThrottleKey[]): Promise<Refusal | null> {
    const now = clock.now();
    const refused = await storage.throttle.reserve({
      at: now,
      pendingUntil: now + LOGIN_ATTEMPT_RESERVATION_SECONDS * 1000,
      waitUntil: now + maxWaitMs,
      keys: keys.map(({ scope, key, policy }) => ({
        scope,
        key,
        freeFailures: policy.freeFailures,
        forgetBefore: now - policy.forgetAfterSeconds * 1000,
      })),
    });
    if (refused === null) return null;
    const lockedUntil = refused.lockedUntil ?? 0;
    return lockedUntil > now
      ? { locked: true, retryAfterSeconds: (lockedUntil - now) / 1000 }
      : { locked: false, freed: refused.freed };
  }

  async function reserve(keys: ThrottleKey[]): Promise<void> {
    // Real time, not the service's clock: the wait is for real password checks to finish.
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      const decision = listen(keys);
      try {
        const refusal = await tryReserve(keys);
        if (refusal === null) return;
        if (refusal.locked) throw tooManyRequests('too_many_attempts_login', refusal.retryAfterSeconds);
        if (Date.now() >= deadline) throw tooManyRequests('too_many_attempts_login', 1);
        if (!refusal.freed) await decision.next();
      } finally {
        decision.stop();
      }
    }
  }

  /** Settles a failed attempt at every key: the scopes it locked, and whether an attempt may be waiting at one of them. */
  async function fail(keys: ThrottleKey[]): Promise<{ locked: ThrottleKey['scope'][]; waitedOn: boolean }> {
    const now = clock.now();
    const settled = await storage.transaction(async (tx) => {
      const locked: ThrottleKey['scope'][] = [];
      let waitedOn = false;
      for (const { scope, key, policy } of keys) {
        // The failure and the lock it earns land together: nobody sees the count without its lock.
        const { failures, waitedOn: waited } = await tx.throttle.settleFailure(scope, key, now);
        const lock = lockSeconds(policy, failures);
        if (lock > 0) await tx.throttle.lockUntil(scope, key, now + lock * 1000);
        if (lock > 0) locked.push(scope);
        waitedOn ||= waited;
      }
      return { locked, waitedOn };
    });
    // Counted once committed: a transaction that failed set no lock.
    for (const scope of settled.locked) options.metrics?.lockout(scope);
    return settled;
  }

  /** One statement: the account's failures are forgotten (its owner proved the password); the address keeps its own. */
  const succeed = (accountKey: string, ip: string) =>
    storage.throttle.giveBack(
      [
        { scope: 'account', key: accountKey, clear: true },
        // A success on one's own account must not reset a spray elsewhere.
        { scope: 'ip', key: ip },
      ],
      clock.now(),
    );

  const giveBack = (keys: ThrottleKey[]) =>
    storage.throttle.giveBack(
      keys.map(({ scope, key }) => ({ scope, key })),
      clock.now(),
    );

  return {
    async attempt(accountKey, ip, check, onFailure) {
      const keys = keysOf(accountKey, ip);
      await reserve(keys);
      let ok: boolean;
      try {
        ok = await check();
      } catch (error) {
        // Not an answer about the password: the attempt does not count.
        wakeUp(keys, await giveBack(keys));
        throw error;
      }
      if (ok) {
        wakeUp(keys, await succeed(accountKey, ip));
        return ok;
      }
      const failed = await fail(keys);
      wakeUp(keys, failed.waitedOn);
      await onFailure?.({ accountLocked: failed.locked.includes('account') });
      return ok;
    },

    async clearAccount(accountKey) {
      await storage.throttle.remove('account', accountKey);
    },
  };
}
