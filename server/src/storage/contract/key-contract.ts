/**
 * What the server keys part (kysely-key-storage.ts) promises: only unretired signing keys are
 * listed, newest first; a named secret is created once.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

const key = (kid: string, createdAt: number, retiredAt: number | null) => ({
  kid,
  alg: 'EdDSA',
  privateJwk: `{"d":"${kid}"}`,
  publicJwk: `{"x":"${kid}"}`,
  createdAt,
  retiredAt,
});

export function describeKeyStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's server keys`, () => {
    it('lists the signing keys not retired, newest first, with every field', () =>
      withStorage(async (storage) => {
        await storage.signingKeys.insert(key('old', T0, null));
        await storage.signingKeys.insert(key('retired', T0 + 1, T0 + 2));
        await storage.signingKeys.insert(key('new', T0 + 3, null));
        expect(await storage.signingKeys.listActive()).toEqual([key('new', T0 + 3, null), key('old', T0, null)]);
      }));

    it('creates a server secret once and keeps it', () =>
      withStorage(async (storage) => {
        const first = await storage.secrets.getOrCreate('s', () => 'one', T0);
        const second = await storage.secrets.getOrCreate('s', () => 'two', T0);
        expect([first, second]).toEqual(['one', 'one']);
      }));
  });
}
