/**
 * What the throttle part (kysely-throttle-storage.ts) promises (issue 10 §2): an attempt is
 * reserved by one statement before the slow work, so attempts that race are counted one by one.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';
import type { Storage, ThrottleKeyPolicy, ThrottleReservation } from '../storage.js';

const MINUTE = 60_000;
/** How long a refused attempt waits for those under way. */
const WAIT = 5000;

/** A reservation at `at` of one key with 3 free failures, forgetting a day back, counting a minute if never settled, waiting 5 s if refused. */
const reservation = (at: number, overrides: Partial<ThrottleKeyPolicy> = {}): ThrottleReservation => ({
  at,
  pendingUntil: at + MINUTE,
  waitUntil: at + WAIT,
  keys: [{ scope: 'account', key: 'k', freeFailures: 3, forgetBefore: at - 24 * 60 * MINUTE, ...overrides }],
});

/** Whether the reservation went ahead. */
const reserves = async (storage: Storage, of: ThrottleReservation) => (await storage.throttle.reserve(of)) === null;

/** An attempt at the account `k` and the address `a`, as the login throttle makes them: 3 free failures and 20. */
const attemptAt = (at: number): ThrottleReservation => ({
  at,
  pendingUntil: at + MINUTE,
  waitUntil: at + WAIT,
  keys: [
    { scope: 'account', key: 'k', freeFailures: 3, forgetBefore: at - 24 * 60 * MINUTE },
    { scope: 'ip', key: 'a', freeFailures: 20, forgetBefore: at - 60 * MINUTE },
  ],
});

export function describeThrottleStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's throttle`, () => {
    it('keeps throttle state and forgets it on removal', () =>
      withStorage(async (storage) => {
        expect(await storage.throttle.settleFailure('account', 'k', T0)).toEqual({ failures: 1, waitedOn: false });
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 1)).toEqual({ failures: 2, waitedOn: false });
        await storage.throttle.lockUntil('account', 'k', T0 + 30);
        expect(await storage.throttle.get('account', 'k')).toEqual({
          scope: 'account',
          key: 'k',
          failures: 2,
          lastFailureAt: T0 + 1,
          lockedUntil: T0 + 30,
          pending: 0,
          pendingUntil: null,
          waitedUntil: null,
        });
        await storage.throttle.remove('account', 'k');
        expect(await storage.throttle.get('account', 'k')).toBeUndefined();
      }));

    it('reserves attempts only while the free failures cover every attempt under way', () =>
      withStorage(async (storage) => {
        const reserved = [];
        for (let i = 0; i < 4; i += 1) reserved.push(await reserves(storage, reservation(T0)));
        expect(reserved).toEqual([true, true, true, false]);
        expect(await storage.throttle.get('account', 'k')).toMatchObject({
          failures: 0,
          pending: 3,
          pendingUntil: T0 + MINUTE,
          lockedUntil: null,
        });
        // Another key is counted apart.
        expect(await reserves(storage, reservation(T0, { scope: 'ip' }))).toBe(true);
      }));

    it('counts concurrent reservations one by one: 40 at once, 3 go ahead', () =>
      withStorage(async (storage) => {
        const answers = await Promise.all(Array.from({ length: 40 }, () => reserves(storage, reservation(T0))));
        expect(answers.filter(Boolean)).toHaveLength(3);
        expect((await storage.throttle.get('account', 'k'))?.pending).toBe(3);
      }));

    it('turns a settled reservation into a failure, and refuses while a lock holds', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 3; i += 1) await reserves(storage, reservation(T0));
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 5)).toEqual({ failures: 1, waitedOn: false });
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 6)).toEqual({ failures: 2, waitedOn: false });
        // Still one under way that could be the third failure.
        expect(await reserves(storage, reservation(T0 + 7))).toBe(false);
        // The attempt refused a moment ago waits for this outcome.
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 8)).toEqual({ failures: 3, waitedOn: true });
        await storage.throttle.lockUntil('account', 'k', T0 + 30_000);
        expect(await storage.throttle.get('account', 'k')).toMatchObject({
          failures: 3,
          pending: 0,
          lastFailureAt: T0 + 8,
          lockedUntil: T0 + 30_000,
        });
        expect(await reserves(storage, reservation(T0 + 29_999))).toBe(false);
        // When the lock ends, one attempt at a time.
        expect(await reserves(storage, reservation(T0 + 30_000))).toBe(true);
        expect(await reserves(storage, reservation(T0 + 30_000))).toBe(false);
      }));

    it('never shortens a lock', () =>
      withStorage(async (storage) => {
        await storage.throttle.settleFailure('ip', 'a', T0);
        await storage.throttle.lockUntil('ip', 'a', T0 + 60_000);
        await storage.throttle.lockUntil('ip', 'a', T0 + 30_000);
        expect((await storage.throttle.get('ip', 'a'))?.lockedUntil).toBe(T0 + 60_000);
        await storage.throttle.lockUntil('ip', 'a', T0 + 120_000);
        expect((await storage.throttle.get('ip', 'a'))?.lockedUntil).toBe(T0 + 120_000);
      }));

    it('gives attempts back in one go, and clears a key that asks for it', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 2; i += 1) await reserves(storage, attemptAt(T0));
        await storage.throttle.giveBack([{ scope: 'ip', key: 'a' }], T0);
        expect(await storage.throttle.get('ip', 'a')).toMatchObject({ pending: 1, failures: 0 });
        await storage.throttle.giveBack([{ scope: 'ip', key: 'a' }], T0);
        await storage.throttle.giveBack([{ scope: 'ip', key: 'a' }], T0);
        // Never below nothing, and the row stays (the sweep drops it).
        expect(await storage.throttle.get('ip', 'a')).toMatchObject({ pending: 0, failures: 0 });

        for (let i = 0; i < 2; i += 1) await storage.throttle.settleFailure('account', 'k', T0);
        await storage.throttle.lockUntil('account', 'k', T0 + MINUTE);
        await storage.throttle.settleFailure('ip', 'a', T0);
        await reserves(storage, attemptAt(T0 + 2 * MINUTE));
        await storage.throttle.giveBack(
          [
            { scope: 'account', key: 'k', clear: true },
            { scope: 'ip', key: 'a' },
          ],
          T0,
        );
        expect(await storage.throttle.get('account', 'k')).toMatchObject({
          failures: 0,
          lockedUntil: null,
          pending: 0,
        });
        expect(await storage.throttle.get('ip', 'a')).toMatchObject({ failures: 1, pending: 0 });
        // A key without a row gets one that counts nothing.
        await storage.throttle.giveBack([{ scope: 'ip', key: 'none' }], T0);
        expect(await storage.throttle.get('ip', 'none')).toMatchObject({ failures: 0, pending: 0, lockedUntil: null });
      }));

    it('reserves at every key or at none, and names the key that refused with its lock', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 3; i += 1) expect(await reserves(storage, attemptAt(T0))).toBe(true);
        expect(await storage.throttle.reserve(attemptAt(T0))).toEqual({
          scope: 'account',
          key: 'k',
          lockedUntil: null,
          freed: false,
        });
        // The address's reservation of the refused attempt was given back.
        expect(await storage.throttle.get('ip', 'a')).toMatchObject({ pending: 3 });

        for (let i = 0; i < 20; i += 1) await storage.throttle.settleFailure('ip', 'b', T0);
        await storage.throttle.lockUntil('ip', 'b', T0 + MINUTE);
        const elsewhere = {
          ...attemptAt(T0),
          keys: [
            { ...attemptAt(T0).keys[0]!, key: 'j' },
            { ...attemptAt(T0).keys[1]!, key: 'b' },
          ],
        };
        expect(await storage.throttle.reserve(elsewhere)).toEqual({
          scope: 'ip',
          key: 'b',
          lockedUntil: T0 + MINUTE,
          freed: false,
        });
        expect(await storage.throttle.get('account', 'j')).toMatchObject({ pending: 0 });
      }));

    it('counts concurrent reservations at two keys one by one: 40 at once, 3 go ahead, nothing left over', () =>
      withStorage(async (storage) => {
        const answers = await Promise.all(Array.from({ length: 40 }, () => reserves(storage, attemptAt(T0))));
        expect(answers.filter(Boolean)).toHaveLength(3);
        expect(await storage.throttle.get('account', 'k')).toMatchObject({ pending: 3 });
        expect(await storage.throttle.get('ip', 'a')).toMatchObject({ pending: 3 });
      }));

    it('marks a key that refused an attempt for those under way as waited on, and tells whoever settles one there until the wait is over', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 3; i += 1) await reserves(storage, attemptAt(T0));
        // Nobody refused yet: nobody to tell.
        expect(await storage.throttle.giveBack(attemptAt(T0).keys, T0)).toBe(false);
        expect(await reserves(storage, attemptAt(T0))).toBe(true);
        expect(await storage.throttle.reserve(attemptAt(T0 + 10))).toEqual({
          scope: 'account',
          key: 'k',
          lockedUntil: null,
          freed: false,
        });
        expect(await storage.throttle.get('account', 'k')).toMatchObject({ pending: 3, waitedUntil: T0 + 10 + WAIT });
        // The address did not refuse it.
        expect(await storage.throttle.get('ip', 'a')).toMatchObject({ pending: 3, waitedUntil: null });
        expect(await storage.throttle.giveBack(attemptAt(T0).keys, T0 + 20)).toBe(true);
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 30)).toEqual({ failures: 1, waitedOn: true });
        // A later refusal never shortens the wait.
        expect(await storage.throttle.reserve({ ...reservation(T0 + 40), waitUntil: T0 + 50 })).toBeNull();
        expect(await storage.throttle.reserve({ ...reservation(T0 + 40), waitUntil: T0 + 50 })).not.toBeNull();
        expect((await storage.throttle.get('account', 'k'))?.waitedUntil).toBe(T0 + 10 + WAIT);
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 10 + WAIT)).toEqual({
          failures: 2,
          waitedOn: false,
        });
      }));

    it('does not mark a key whose lock refused the attempt: nobody waits out a lock', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 3; i += 1) await storage.throttle.settleFailure('account', 'k', T0);
        await storage.throttle.lockUntil('account', 'k', T0 + MINUTE);
        expect(await storage.throttle.reserve(attemptAt(T0 + 1))).toEqual({
          scope: 'account',
          key: 'k',
          lockedUntil: T0 + MINUTE,
          freed: false,
        });
        expect((await storage.throttle.get('account', 'k'))?.waitedUntil).toBeNull();
      }));

    it('sweeps the keys that count nothing any more, and only those', () =>
      withStorage(async (storage) => {
        // Nothing to count: given back; a failure forgotten; a lock ended with no failures left.
        await reserves(storage, reservation(T0, { scope: 'ip', key: 'given' }));
        await storage.throttle.giveBack([{ scope: 'ip', key: 'given' }], T0);
        await storage.throttle.settleFailure('ip', 'old', T0 - 2 * 60 * MINUTE);
        // Still counting: a recent failure (and its lock); an attempt under way.
        await storage.throttle.settleFailure('ip', 'recent', T0 - MINUTE);
        await storage.throttle.lockUntil('ip', 'recent', T0 + MINUTE);
        await reserves(storage, reservation(T0, { scope: 'ip', key: 'busy' }));
        await storage.throttle.settleFailure('account', 'other-scope', T0 - 2 * 60 * MINUTE);

        expect(await storage.throttle.sweep('ip', T0, T0 - 60 * MINUTE)).toBe(2);
        expect(await storage.throttle.get('ip', 'given')).toBeUndefined();
        expect(await storage.throttle.get('ip', 'old')).toBeUndefined();
        expect(await storage.throttle.get('ip', 'recent')).toMatchObject({ failures: 1, lockedUntil: T0 + MINUTE });
        expect(await storage.throttle.get('ip', 'busy')).toMatchObject({ pending: 1 });
        expect(await storage.throttle.get('account', 'other-scope')).toBeDefined();
        // The reservation nobody settled stops counting once its time is up.
        expect(await storage.throttle.sweep('ip', T0 + 2 * MINUTE, T0 - 60 * MINUTE)).toBe(1);
        expect(await storage.throttle.get('ip', 'busy')).toBeUndefined();
      }));

    it('forgets failures older than the quiet period, with their lock', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 3; i += 1) await storage.throttle.settleFailure('account', 'k', T0);
        await storage.throttle.lockUntil('account', 'k', T0 + 15 * MINUTE);
        const later = T0 + 10 * MINUTE;
        expect(await reserves(storage, reservation(later, { forgetBefore: T0 - 1 }))).toBe(false);
        expect(await reserves(storage, reservation(later, { forgetBefore: T0 + 1 }))).toBe(true);
        expect(await storage.throttle.get('account', 'k')).toMatchObject({
          failures: 0,
          pending: 1,
          lockedUntil: null,
        });
      }));

    it('stops counting reservations nobody settled once their time is up', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 3; i += 1) await reserves(storage, reservation(T0));
        expect(await reserves(storage, reservation(T0 + MINUTE - 1))).toBe(false);
        expect(await reserves(storage, reservation(T0 + MINUTE))).toBe(true);
        expect((await storage.throttle.get('account', 'k'))?.pending).toBe(1);
      }));
  });
}
