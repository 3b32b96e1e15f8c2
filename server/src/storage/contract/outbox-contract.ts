/**
 * What the outbox part (kysely-outbox-storage.ts) promises: messages read newest first.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, type OpenStorage, usingStorage } from './contract-records.js';

export function describeOutboxStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's outbox`, () => {
    it('lists the outbox newest first', () =>
      withStorage(async (storage) => {
        await storage.outbox.add({ id: 'm1', channel: 'sms', recipient: 'r', code: '1', text: 't', createdAt: T0 });
        await storage.outbox.add({
          id: 'm2',
          channel: 'email',
          recipient: 'r',
          code: '2',
          text: 't',
          createdAt: T0 + 1,
        });
        expect((await storage.outbox.list(10)).map((m) => m.id)).toEqual(['m2', 'm1']);
      }));
  });
}
