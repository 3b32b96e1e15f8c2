/**
 * What the composed storage (kysely-storage.ts) promises of a transaction: all its writes, or none.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { user, type OpenStorage, usingStorage } from './contract-records.js';

export function describeTransactions(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's transactions`, () => {
    it('undoes every write of a transaction that throws', () =>
      withStorage(async (storage) => {
        await expect(
          storage.transaction(async (tx) => {
            await tx.users.insert(user('u1'));
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        expect(await storage.users.findById('u1')).toBeUndefined();
      }));
  });
}
