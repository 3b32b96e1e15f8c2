/**
 * What the throttle part (kysely-throttle-storage.ts) promises (issue 10 §2): an attempt is
 * reserved by one statement before the slow work, so attempts that race are counted one by one.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';
import type { ThrottleReservation } from '../storage.js';

const MINUTE = 60_000;

/** A reservation at `at` with 3 free failures, forgetting a day back, counting a minute if never settled. */
const reservation = (at: number, overrides: Partial<ThrottleReservation> = {}): ThrottleReservation => ({
  at,
  freeFailures: 3,
  forgetBefore: at - 24 * 60 * MINUTE,
  pendingUntil: at + MINUTE,
  ...overrides,
});

export function describeThrottleStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's throttle`, () => {
    it('keeps throttle state and forgets it on removal', () =>
      withStorage(async (storage) => {
        expect(await storage.throttle.settleFailure('account', 'k', T0)).toBe(1);
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 1)).toBe(2);
        await storage.throttle.lockUntil('account', 'k', T0 + 30);
        expect(await storage.throttle.get('account', 'k')).toEqual({
          scope: 'account',
          key: 'k',
          failures: 2,
          lastFailureAt: T0 + 1,
          lockedUntil: T0 + 30,
          pending: 0,
          pendingUntil: null,
        });
        await storage.throttle.remove('account', 'k');
        expect(await storage.throttle.get('account', 'k')).toBeUndefined();
      }));

    it('reserves attempts only while the free failures cover every attempt under way', () =>
      withStorage(async (storage) => {
        const reserved = [];
        for (let i = 0; i < 4; i += 1) reserved.push(await storage.throttle.reserve('account', 'k', reservation(T0)));
        expect(reserved).toEqual([true, true, true, false]);
        expect(await storage.throttle.get('account', 'k')).toMatchObject({ failures: 0, pending: 3, pendingUntil: T0 + MINUTE, lockedUntil: null });
        // Another key is counted apart.
        expect(await storage.throttle.reserve('ip', 'k', reservation(T0))).toBe(true);
      }));

    it('counts concurrent reservations one by one: 40 at once, 3 go ahead', () =>
      withStorage(async (storage) => {
        const answers = await Promise.all(Array.from({ length: 40 }, () => storage.throttle.reserve('account', 'k', reservation(T0))));
        expect(answers.filter(Boolean)).toHaveLength(3);
        expect((await storage.throttle.get('account', 'k'))?.pending).toBe(3);
      }));

    it('turns a settled reservation into a failure, and refuses while a lock holds', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 3; i += 1) await storage.throttle.reserve('account', 'k', reservation(T0));
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 5)).toBe(1);
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 6)).toBe(2);
        // Still one under way that could be the third failure.
        expect(await storage.throttle.reserve('account', 'k', reservation(T0 + 7))).toBe(false);
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 8)).toBe(3);
        await storage.throttle.lockUntil('account', 'k', T0 + 30_000);
        expect(await storage.throttle.get('account', 'k')).toMatchObject({ failures: 3, pending: 0, lastFailureAt: T0 + 8, lockedUntil: T0 + 30_000 });
        expect(await storage.throttle.reserve('account', 'k', reservation(T0 + 29_999))).toBe(false);
        // When the lock ends, one attempt at a time.
        expect(await storage.throttle.reserve('account', 'k', reservation(T0 + 30_000))).toBe(true);
        expect(await storage.throttle.reserve('account', 'k', reservation(T0 + 30_000))).toBe(false);
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

    it('gives a released attempt back, and drops a key left with nothing to count', () =>
      withStorage(async (storage) => {
        await storage.throttle.reserve('ip', 'a', reservation(T0));
        await storage.throttle.reserve('ip', 'a', reservation(T0));
        await storage.throttle.release('ip', 'a');
        expect((await storage.throttle.get('ip', 'a'))?.pending).toBe(1);
        await storage.throttle.release('ip', 'a');
        expect(await storage.throttle.get('ip', 'a')).toBeUndefined();

        await storage.throttle.settleFailure('ip', 'b', T0);
        await storage.throttle.reserve('ip', 'b', reservation(T0));
        await storage.throttle.release('ip', 'b');
        expect(await storage.throttle.get('ip', 'b')).toMatchObject({ failures: 1, pending: 0 });
      }));

    it('forgets failures older than the quiet period, with their lock', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 3; i += 1) await storage.throttle.settleFailure('account', 'k', T0);
        await storage.throttle.lockUntil('account', 'k', T0 + 15 * MINUTE);
        const later = T0 + 10 * MINUTE;
        expect(await storage.throttle.reserve('account', 'k', reservation(later, { forgetBefore: T0 - 1 }))).toBe(false);
        expect(await storage.throttle.reserve('account', 'k', reservation(later, { forgetBefore: T0 + 1 }))).toBe(true);
        expect(await storage.throttle.get('account', 'k')).toMatchObject({ failures: 0, pending: 1, lockedUntil: null });
      }));

    it('stops counting reservations nobody settled once their time is up', () =>
      withStorage(async (storage) => {
        for (let i = 0; i < 3; i += 1) await storage.throttle.reserve('account', 'k', reservation(T0));
        expect(await storage.throttle.reserve('account', 'k', reservation(T0 + MINUTE - 1))).toBe(false);
        expect(await storage.throttle.reserve('account', 'k', reservation(T0 + MINUTE))).toBe(true);
        expect((await storage.throttle.get('account', 'k'))?.pending).toBe(1);
      }));
  });
}
