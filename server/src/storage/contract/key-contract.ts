/**
 * What the server keys part (kysely-key-storage.ts) promises: every signing key kept is listed,
 * latest activation first; an algorithm's first key is inserted once, by the first of racing
 * instances; retiring happens once; retired keys are removed after their time; a
 * stored value is replaced only while it is still the one expected; a named secret is created once,
 * by the first of racing creators. Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

const key = (kid: string, activatesAt: number, retiredAt: number | null = null) => ({
  kid,
  alg: 'EdDSA',
  privateJwk: `v1:sealed-${kid}`,
  publicJwk: `{"x":"${kid}"}`,
  createdAt: T0,
  activatesAt,
  retiredAt,
});

export function describeKeyStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's server keys`, () => {
    it('lists every signing key kept, latest activation first, with every field', () =>
      withStorage(async (storage) => {
        await storage.signingKeys.insert(key('old', T0, T0 + 2));
        await storage.signingKeys.insert(key('next', T0 + 5));
        await storage.signingKeys.insert(key('current', T0 + 2));
        expect(await storage.signingKeys.list()).toEqual([
          key('next', T0 + 5),
          key('current', T0 + 2),
          key('old', T0, T0 + 2),
        ]);
      }));

    it("inserts an algorithm's first key once, whoever races to insert it, and never beside a kept key", () =>
      withStorage(async (storage) => {
        expect(await storage.signingKeys.insertFirst(key('first', T0))).toBe(true);
        expect(await storage.signingKeys.insertFirst(key('second', T0))).toBe(false);
        // Another algorithm's first key is its own.
        expect(await storage.signingKeys.insertFirst({ ...key('rsa', T0), alg: 'RS256' })).toBe(true);
        // Every connection of a pool opened first, so that the racers start together; several rounds,
        // one algorithm each, as a lost race commits nothing only when it is ruled out, not by luck.
        await Promise.all(Array.from({ length: 4 }, () => storage.signingKeys.list()));
        for (let round = 0; round < 8; round += 1) {
          const alg = `race-${round}`;
          const racing = await Promise.all(
            Array.from({ length: 4 }, (_, i) => storage.signingKeys.insertFirst({ ...key(`${alg}-${i}`, T0), alg })),
          );
          expect(racing.filter(Boolean)).toHaveLength(1);
          const kept = (await storage.signingKeys.list()).filter((row) => row.alg === alg);
          expect(kept.map((row) => row.kid)).toEqual([`${alg}-${racing.indexOf(true)}`]);
        }
        expect(
          (await storage.signingKeys.list())
            .filter((row) => !row.alg.startsWith('race-'))
            .map((row) => [row.alg, row.kid]),
        ).toEqual([
          ['EdDSA', 'first'],
          ['RS256', 'rsa'],
        ]);
      }));

    it('retires a key once, and removes the keys retired at or before a time', () =>
      withStorage(async (storage) => {
        for (const kid of ['a', 'b', 'c']) await storage.signingKeys.insert(key(kid, T0));
        await storage.signingKeys.retire('a', T0 + 10);
        await storage.signingKeys.retire('a', T0 + 99);
        await storage.signingKeys.retire('b', T0 + 20);
        expect(await storage.signingKeys.removeRetiredBefore(T0 + 10)).toBe(1);
        expect((await storage.signingKeys.list()).map((row) => [row.kid, row.retiredAt]).toSorted()).toEqual([
          ['b', T0 + 20],
          ['c', null],
        ]);
      }));

    it('replaces a stored private key or secret only while it is still the one expected', () =>
      withStorage(async (storage) => {
        await storage.signingKeys.insert({ ...key('k', T0), privateJwk: '{"d":"plain"}' });
        expect(await storage.signingKeys.replacePrivateJwk('k', '{"d":"plain"}', 'v1:one')).toBe(true);
        expect(await storage.signingKeys.replacePrivateJwk('k', '{"d":"plain"}', 'v1:two')).toBe(false);
        expect((await storage.signingKeys.list())[0]?.privateJwk).toBe('v1:one');

        await storage.secrets.getOrCreate('s', () => 'plain', T0);
        expect(await storage.secrets.replace('s', 'plain', 'v1:sealed')).toBe(true);
        expect(await storage.secrets.replace('s', 'plain', 'v1:again')).toBe(false);
        expect(await storage.secrets.list()).toEqual([{ name: 's', value: 'v1:sealed' }]);
      }));

    it('creates a server secret once and keeps it, whoever races to create it', () =>
      withStorage(async (storage) => {
        const first = await storage.secrets.getOrCreate('s', () => 'one', T0);
        const second = await storage.secrets.getOrCreate('s', () => 'two', T0);
        expect([first, second]).toEqual(['one', 'one']);
        const racing = await Promise.all(
          Array.from({ length: 5 }, (_, i) => storage.secrets.getOrCreate('r', () => `value-${i}`, T0)),
        );
        expect(new Set(racing).size).toBe(1);
      }));
  });
}
