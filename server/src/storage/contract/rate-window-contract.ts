/**
 * What the rate-window part (kysely-rate-window-storage.ts) promises (issue 13): a hit is counted by
 * one statement, so parallel hits — from one instance or many — are each counted exactly once; a
 * window that has run its length starts again at 1; ended windows are swept.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

const MINUTE = 60_000;

export function describeRateWindowStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's rate windows`, () => {
    it('counts hits in the window that began with the first, and starts a new one when it has run its length', () =>
      withStorage(async (storage) => {
        expect(await storage.rateWindows.get('check_ip', 'a')).toBeUndefined();
        expect(await storage.rateWindows.hit('check_ip', 'a', T0, MINUTE)).toEqual({ hits: 1, windowStart: T0 });
        expect(await storage.rateWindows.hit('check_ip', 'a', T0 + 1000, MINUTE)).toEqual({ hits: 2, windowStart: T0 });
        expect(await storage.rateWindows.hit('check_ip', 'a', T0 + MINUTE - 1, MINUTE)).toEqual({
          hits: 3,
          windowStart: T0,
        });
        expect(await storage.rateWindows.get('check_ip', 'a')).toEqual({ hits: 3, windowStart: T0 });
        expect(await storage.rateWindows.hit('check_ip', 'a', T0 + MINUTE, MINUTE)).toEqual({
          hits: 1,
          windowStart: T0 + MINUTE,
        });
      }));

    it('keeps scopes and keys apart', () =>
      withStorage(async (storage) => {
        await storage.rateWindows.hit('check_ip', 'a', T0, MINUTE);
        await storage.rateWindows.hit('check_ip', 'a', T0, MINUTE);
        expect(await storage.rateWindows.hit('check_ip', 'b', T0, MINUTE)).toEqual({ hits: 1, windowStart: T0 });
        expect(await storage.rateWindows.hit('token_failures_ip', 'a', T0, MINUTE)).toEqual({
          hits: 1,
          windowStart: T0,
        });
      }));

    it('counts 50 parallel hits of one key exactly: every count from 1 to 50 handed out once', () =>
      withStorage(async (storage) => {
        const windows = await Promise.all(
          Array.from({ length: 50 }, () => storage.rateWindows.hit('check_ip', 'burst', T0, MINUTE)),
        );
        expect(windows.map((window) => window.hits).toSorted((a, b) => a - b)).toEqual(
          Array.from({ length: 50 }, (_, i) => i + 1),
        );
        expect(await storage.rateWindows.get('check_ip', 'burst')).toEqual({ hits: 50, windowStart: T0 });
      }));

    it('sweeps the windows that began before a moment, and only those', () =>
      withStorage(async (storage) => {
        await storage.rateWindows.hit('check_ip', 'old', T0, MINUTE);
        await storage.rateWindows.hit('check_ip', 'new', T0 + MINUTE, MINUTE);
        expect(await storage.rateWindows.sweep(T0 + MINUTE)).toBe(1);
        expect(await storage.rateWindows.get('check_ip', 'old')).toBeUndefined();
        expect(await storage.rateWindows.get('check_ip', 'new')).toEqual({ hits: 1, windowStart: T0 + MINUTE });
      }));
  });
}
