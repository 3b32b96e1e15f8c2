import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_THROTTLE_ACCOUNT, LOGIN_THROTTLE_IP } from '../config/policy.js';
import { ApiError } from '../lib/api-error.js';
import { createManualClock, type ManualClock } from '../lib/clock.js';
import { createKyselyStorage } from '../storage/kysely-storage.js';
import { migrateToLatest } from '../storage/migrations.js';
import { createInProcessSignals } from '../storage/signals.js';
import { openSqlite } from '../storage/sqlite.js';
import type { Storage } from '../storage/storage.js';
import { gate } from '../test-support/gate.js';
import {
  accountThrottleKey,
  createLoginThrottle,
  lockSeconds,
  sweepLoginThrottle,
  type LoginThrottle,
} from './login-throttle.js';

describe('lockSeconds', () => {
  it('does not lock an account during its first 2 failures', () => {
    for (const failures of [0, 1, 2]) expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, failures)).toBe(0);
  });

  it('locks an account for 30 s from its 3rd failure and doubles the lock with every further failure', () => {
    expect([3, 4, 5, 6, 7].map((failures) => lockSeconds(LOGIN_THROTTLE_ACCOUNT, failures))).toEqual([
      30, 60, 120, 240, 480,
    ]);
  });

  it('never locks an account for more than 15 minutes', () => {
    expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, 8)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, 9)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, 1000)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, 100_000)).toBe(900);
  });

  it('does not lock a client address during its first 19 failures', () => {
    for (let failures = 0; failures < 20; failures += 1) expect(lockSeconds(LOGIN_THROTTLE_IP, failures)).toBe(0);
  });

  it('locks a client address for 60 s from its 20th failure and doubles the lock with every further failure', () => {
    expect([20, 21, 22, 23].map((failures) => lockSeconds(LOGIN_THROTTLE_IP, failures))).toEqual([60, 120, 240, 480]);
  });

  it('never locks a client address for more than 15 minutes', () => {
    expect(lockSeconds(LOGIN_THROTTLE_IP, 24)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_IP, 25)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_IP, 100_000)).toBe(900);
  });

  it('never returns a lock that is negative, fractional or not finite', () => {
    for (const policy of [LOGIN_THROTTLE_ACCOUNT, LOGIN_THROTTLE_IP]) {
      for (let failures = 0; failures <= 2000; failures += 1) {
        const lock = lockSeconds(policy, failures);
        expect(Number.isInteger(lock) && lock >= 0 && lock <= 900, `${failures} failures gave ${lock}`).toBe(true);
      }
    }
  });

  it('never shortens the lock as failures grow', () => {
    for (const policy of [LOGIN_THROTTLE_ACCOUNT, LOGIN_THROTTLE_IP]) {
      for (let failures = 1; failures <= 100; failures += 1) {
        expect(lockSeconds(policy, failures)).toBeGreaterThanOrEqual(lockSeconds(policy, failures - 1));
      }
    }
  });
});

describe('accountThrottleKey', () => {
  it('keys an account by contact type and value, so a phone and an e-mail never share a counter', () => {
    expect(accountThrottleKey({ type: 'phone', value: '+998901234567' })).toBe('phone:+998901234567');
    expect(accountThrottleKey({ type: 'email', value: 'aziza@gmail.com' })).toBe('email:aziza@gmail.com');
  });
});

const ACCOUNT = 'phone:+998901234567';
const IP = '203.0.113.7';

/** The 429 an attempt was refused with, as [status, Retry-After]; or what it answered. */
async function outcome(attempt: Promise<boolean>): Promise<[number, number | undefined] | boolean> {
  try {
    return await attempt;
  } catch (error) {
    if (error instanceof ApiError) return [error.status, error.retryAfterSeconds];
    throw error;
  }
}

describe('a sign-in attempt', () => {
  let dir: string;
  let storage: Storage;
  let clock: ManualClock;
  let throttle: LoginThrottle;
  let checks: number;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kirish-throttle-'));
    const db = openSqlite(join(dir, 'kirish.db'));
    await migrateToLatest(db);
    storage = createKyselyStorage(db, { groupCommit: true });
    clock = createManualClock();
    throttle = createLoginThrottle(storage, clock, { maxWaitMs: 2000, pollMs: 5 });
    checks = 0;
  });
  afterEach(async () => {
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** One attempt whose password check answers `ok` at once, counting the checks that really ran. */
  const attempt = (ok: boolean, account = ACCOUNT, ip = IP) =>
    outcome(
      throttle.attempt(account, ip, async () => {
        checks += 1;
        return ok;
      }),
    );

  it('checks 3 wrong passwords of an account, then refuses the 4th for 30 s without checking it', async () => {
    for (let i = 0; i < 3; i += 1) expect(await attempt(false)).toBe(false);
    expect(await attempt(true)).toEqual([429, 30]);
    expect(checks).toBe(3);
    clock.advanceSeconds(29);
    expect(await attempt(true)).toEqual([429, 1]);
    clock.advanceSeconds(1);
    expect(await attempt(true)).toBe(true);
  });

  it('allows one try when a lock ends, and doubles the lock when it fails too', async () => {
    for (let i = 0; i < 3; i += 1) await attempt(false);
    clock.advanceSeconds(30);
    expect(await attempt(false)).toBe(false);
    expect(await attempt(false)).toEqual([429, 60]);
    clock.advanceSeconds(60);
    expect(await attempt(false)).toBe(false);
    expect(await attempt(false)).toEqual([429, 120]);
    expect(checks).toBe(5);
  });

  it("clears the account's failures on a success, but not the address's", async () => {
    for (let i = 0; i < 2; i += 1) await attempt(false);
    expect(await attempt(true)).toBe(true);
    expect(await storage.throttle.get('account', ACCOUNT)).toMatchObject({
      failures: 0,
      lockedUntil: null,
      pending: 0,
    });
    expect(await storage.throttle.get('ip', IP)).toMatchObject({ failures: 2, pending: 0 });
    for (let i = 0; i < 2; i += 1) expect(await attempt(false)).toBe(false);
  });

  it('locks an address after its 20th failure across accounts, and checks nothing from it for 60 s', async () => {
    for (let i = 0; i < 20; i += 1)
      expect(await attempt(false, `phone:+9989000000${String(i).padStart(2, '0')}`)).toBe(false);
    expect(await attempt(true, 'phone:+998900000099')).toEqual([429, 60]);
    expect(await attempt(true, 'phone:+998900000099', '203.0.113.8')).toBe(true);
    expect(checks).toBe(21);
  });

  it("forgets an account's failures after 24 h without one, an address's after an hour", async () => {
    for (let i = 0; i < 2; i += 1) await attempt(false);
    clock.advanceSeconds(24 * 3600 + 1);
    for (let i = 0; i < 2; i += 1) expect(await attempt(false)).toBe(false);
    expect(await storage.throttle.get('account', ACCOUNT)).toMatchObject({ failures: 2 });

    for (let i = 0; i < 19; i += 1) await attempt(false, `email:a${i}@example.uz`, '198.51.100.9');
    clock.advanceSeconds(3600 + 1);
    for (let i = 0; i < 19; i += 1) expect(await attempt(false, `email:b${i}@example.uz`, '198.51.100.9')).toBe(false);
    expect(await storage.throttle.get('ip', '198.51.100.9')).toMatchObject({ failures: 19, lockedUntil: null });
  });

  it('checks exactly 3 of 40 parallel wrong passwords, refuses the rest for 30 s, and then the right one too', async () => {
    const gates = Array.from({ length: 40 }, gate);
    const answers = gates.map((g) =>
      outcome(
        throttle.attempt(ACCOUNT, IP, () => {
          checks += 1;
          return g.decided;
        }),
      ),
    );
    // Let every reservation in: 3 go ahead, 37 wait for their outcome.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(checks).toBe(3);
    for (const g of gates) g.open(false);
    const settled = await Promise.all(answers);
    expect(settled.filter((a) => a === false)).toHaveLength(3);
    expect(settled.filter((a) => Array.isArray(a))).toEqual(Array.from({ length: 37 }, () => [429, 30]));
    expect(await attempt(true)).toEqual([429, 30]);
    expect(checks).toBe(3);
    expect(await storage.throttle.get('ip', IP)).toMatchObject({ failures: 3, pending: 0 });
  });

  it('sweeps the keys left counting nothing, and keeps those still counting', async () => {
    expect(await attempt(false, 'phone:+998900000001')).toBe(false);
    expect(await attempt(true)).toBe(true);
    expect(await sweepLoginThrottle(storage, clock)).toBe(1);
    expect(await storage.throttle.get('account', ACCOUNT)).toBeUndefined();
    expect(await storage.throttle.get('account', 'phone:+998900000001')).toMatchObject({ failures: 1 });
    expect(await storage.throttle.get('ip', IP)).toMatchObject({ failures: 1 });
    clock.advanceSeconds(3600 + 1);
    expect(await sweepLoginThrottle(storage, clock)).toBe(1);
    expect(await storage.throttle.get('ip', IP)).toBeUndefined();
    clock.advanceSeconds(24 * 3600);
    expect(await sweepLoginThrottle(storage, clock)).toBe(1);
    expect(await storage.throttle.get('account', 'phone:+998900000001')).toBeUndefined();
  });

  it('lets parallel right passwords of one account through one after another instead of refusing them', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => attempt(true)));
    expect(answers).toEqual(Array(8).fill(true));
    expect(await storage.throttle.get('ip', IP)).toMatchObject({ failures: 0, pending: 0 });
  });

  it('gives up waiting for undecided attempts after the longest wait, with Retry-After 1', async () => {
    throttle = createLoginThrottle(storage, clock, { maxWaitMs: 50, pollMs: 5 });
    const slow = Array.from({ length: 3 }, gate);
    const running = slow.map((g) => throttle.attempt(ACCOUNT, IP, () => g.decided));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await attempt(true)).toEqual([429, 1]);
    for (const g of slow) g.open(true);
    await Promise.all(running);
    expect(await attempt(true)).toBe(true);
  });

  it('does not count an attempt whose check failed for another reason than the password', async () => {
    for (let i = 0; i < 3; i += 1) {
      await expect(throttle.attempt(ACCOUNT, IP, () => Promise.reject(new Error('database gone')))).rejects.toThrow(
        'database gone',
      );
    }
    expect(await storage.throttle.get('account', ACCOUNT)).toMatchObject({ failures: 0, pending: 0 });
    expect(await attempt(true)).toBe(true);
  });

  it('stops counting a reservation its process never settled after 60 s', async () => {
    throttle = createLoginThrottle(storage, clock, { maxWaitMs: 30, pollMs: 5 });
    const at = clock.now();
    for (let i = 0; i < 3; i += 1) {
      await storage.throttle.reserve({
        at,
        pendingUntil: at + 60_000,
        waitUntil: at,
        keys: [{ scope: 'account', key: ACCOUNT, freeFailures: 3, forgetBefore: 0 }],
      });
    }
    expect(await attempt(true)).toEqual([429, 1]);
    clock.advanceSeconds(60);
    expect(await attempt(true)).toBe(true);
  });
  it('tells the other instances of a decided attempt only while one may be waiting for it', async () => {
    const signals = createInProcessSignals();
    const sent: string[] = [];
    const counted = {
      ...signals,
      publish(channel: string, message: string) {
        sent.push(message);
        signals.publish(channel, message);
      },
    };
    throttle = createLoginThrottle(storage, clock, { maxWaitMs: 2000, pollMs: 10_000, signals: counted });
    // One at a time: nobody waits, nothing is sent.
    for (const ok of [false, true, false, true]) await attempt(ok);
    expect(sent).toEqual([]);

    // Three under way and a fourth refused for them: it waits, and their outcomes are sent.
    const slow = Array.from({ length: 3 }, gate);
    const running = slow.map((g) => throttle.attempt(ACCOUNT, IP, () => g.decided));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const waiting = attempt(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checks).toBe(4);
    slow[0]!.open(true);
    expect(await waiting).toBe(true);
    expect(sent.length).toBeGreaterThan(0);
    expect(JSON.parse(sent[0]!)).toMatchObject({ keys: [`account ${ACCOUNT}`, `ip ${IP}`] });
    for (const g of slow) g.open(true);
    await Promise.all(running);

    // The wait is over: one at a time again sends nothing.
    clock.advanceSeconds(5);
    sent.length = 0;
    await attempt(true);
    expect(sent).toEqual([]);
  });

  it('wakes a waiter of another instance as soon as an attempt is decided there, not at its next look', async () => {
    // Two instances on one database, their signals shared as LISTEN/NOTIFY shares them; neither looks again on its own for 10 s.
    const signals = createInProcessSignals();
    const here = createLoginThrottle(storage, clock, { maxWaitMs: 20_000, pollMs: 10_000, signals });
    const there = createLoginThrottle(storage, clock, { maxWaitMs: 20_000, pollMs: 10_000, signals });
    const slow = Array.from({ length: 3 }, gate);
    const running = slow.map((g) => here.attempt(ACCOUNT, IP, () => g.decided));
    await new Promise((resolve) => setTimeout(resolve, 20));
    let checkedThere = false;
    const waiting = there.attempt(ACCOUNT, IP, async () => (checkedThere = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checkedThere).toBe(false);

    const started = Date.now();
    slow[0]!.open(true);
    expect(await waiting).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
    for (const g of slow) g.open(true);
    await Promise.all(running);
  });
  it.each(['this instance', 'another instance'])(
    'wakes a refused attempt when a decision in %s lands while its question is still out, not at its next look',
    async (where) => {
      // The refusal is held on its way back until one of the attempts it waits for is decided.
      let onRefusal: (() => Promise<void>) | undefined;
      const held: Storage = {
        ...storage,
        throttle: {
          ...storage.throttle,
          async reserve(reservation) {
            const refused = await storage.throttle.reserve(reservation);
            const hold = onRefusal;
            onRefusal = undefined;
            if (refused && hold) await hold();
            return refused;
          },
        },
      };
      // Neither throttle looks again on its own for 10 s; in one instance a single throttle does both.
      const signals = createInProcessSignals();
      const options = { maxWaitMs: 20_000, pollMs: 10_000, signals };
      const asking = createLoginThrottle(held, clock, options);
      const deciding = where === 'this instance' ? asking : createLoginThrottle(storage, clock, options);
      const slow = Array.from({ length: 3 }, gate);
      const running = slow.map((g) => deciding.attempt(ACCOUNT, IP, () => g.decided));
      await new Promise((resolve) => setTimeout(resolve, 20));
      onRefusal = async () => {
        slow[0]!.open(true);
        await running[0];
      };

      const started = Date.now();
      expect(await asking.attempt(ACCOUNT, IP, async () => true)).toBe(true);
      expect(onRefusal).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(2000);
      for (const g of slow) g.open(true);
      await Promise.all(running);
    },
  );
});
