/**
 * What the job-lease part (kysely-job-lease-storage.ts) promises (issue 13): a job's lease is taken
 * by one statement, by at most one of any number of instances asking at once, only while it is free
 * and the last run is at least the interval old; a finished run frees it and is remembered.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const LEASE = 10 * MINUTE;

export function describeJobLeaseStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's job leases`, () => {
    it('gives a free job to one holder, refuses it to others while the lease holds, and again until the interval has passed since the run', () =>
      withStorage(async (storage) => {
        expect(await storage.jobLeases.tryAcquire('erase', 'a', T0, LEASE, HOUR)).toBe(true);
        expect(await storage.jobLeases.get('erase')).toEqual({
          name: 'erase',
          holder: 'a',
          leaseUntil: T0 + LEASE,
          lastRunAt: null,
        });
        expect(await storage.jobLeases.tryAcquire('erase', 'b', T0 + 1000, LEASE, HOUR)).toBe(false);
        expect(await storage.jobLeases.tryAcquire('other', 'b', T0 + 1000, LEASE, HOUR)).toBe(true);

        expect(await storage.jobLeases.finish('erase', 'b', T0 + 2000)).toBe(false);
        expect(await storage.jobLeases.finish('erase', 'a', T0 + 2000)).toBe(true);
        expect(await storage.jobLeases.get('erase')).toEqual({
          name: 'erase',
          holder: 'a',
          leaseUntil: null,
          lastRunAt: T0 + 2000,
        });

        expect(await storage.jobLeases.tryAcquire('erase', 'b', T0 + 2000 + HOUR - 1, LEASE, HOUR)).toBe(false);
        expect(await storage.jobLeases.tryAcquire('erase', 'b', T0 + 2000 + HOUR, LEASE, HOUR)).toBe(true);
        expect((await storage.jobLeases.get('erase'))?.holder).toBe('b');
      }));

    it('lets another holder take a lease whose holder never finished once it has lapsed', () =>
      withStorage(async (storage) => {
        expect(await storage.jobLeases.tryAcquire('erase', 'a', T0, LEASE, HOUR)).toBe(true);
        expect(await storage.jobLeases.tryAcquire('erase', 'b', T0 + LEASE - 1, LEASE, HOUR)).toBe(false);
        expect(await storage.jobLeases.tryAcquire('erase', 'b', T0 + LEASE, LEASE, HOUR)).toBe(true);
        // The first holder's late finish no longer counts: the lease is the second's.
        expect(await storage.jobLeases.finish('erase', 'a', T0 + LEASE + 1)).toBe(false);
        expect(await storage.jobLeases.finish('erase', 'b', T0 + LEASE + 2)).toBe(true);
      }));

    for (const state of ['a new job', 'a due job']) {
      it(`gives ${state} to exactly one of 10 holders asking at once`, () =>
        withStorage(async (storage) => {
          if (state === 'a due job') {
            await storage.jobLeases.tryAcquire('erase', 'earlier', T0 - 2 * HOUR, LEASE, HOUR);
            await storage.jobLeases.finish('erase', 'earlier', T0 - 2 * HOUR);
          }
          const taken = await Promise.all(
            Array.from({ length: 10 }, (_, i) => storage.jobLeases.tryAcquire('erase', `holder-${i}`, T0, LEASE, HOUR)),
          );
          expect(taken.filter(Boolean)).toHaveLength(1);
          expect((await storage.jobLeases.get('erase'))?.holder).toBe(`holder-${taken.indexOf(true)}`);
        }));
    }
  });
}
