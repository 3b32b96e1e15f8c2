/**
 * What the codes part (kysely-code-storage.ts) promises: a code, a request id and a step-up proof
 * are used once; tries are counted one by one; a limit lock can be taken again.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, user, type OpenStorage, usingStorage } from './contract-records.js';

const MINUTE = 60_000;

/** An open SMS code to `id`, with no try used. */
const code = (id: string) => ({
  id,
  purpose: 'p',
  contactType: 'phone' as const,
  contact: id,
  codeHash: 'h',
  channel: 'sms' as const,
  ip: 'ip',
  createdAt: T0,
  expiresAt: T0 + MINUTE,
  attempts: 0,
  closedAt: null,
  closeReason: null,
});

export function describeCodeStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's codes`, () => {
    it('closes a code and uses a request id only once', () =>
      withStorage(async (storage) => {
        await storage.codes.insert({
          id: 'c1',
          purpose: 'login_sms_verification',
          contactType: 'phone',
          contact: '+998901234567',
          codeHash: 'h',
          channel: 'sms',
          ip: 'ip',
          createdAt: T0,
          expiresAt: T0 + 1,
          attempts: 0,
          closedAt: null,
          closeReason: null,
        });
        expect(await storage.codes.takeAttempt('c1', 5)).toBe(1);
        expect(await storage.codes.takeAttempt('c1', 5)).toBe(2);
        expect(await storage.codes.close('c1', T0, 'used')).toBe(true);
        expect(await storage.codes.close('c1', T0, 'used')).toBe(false);
        expect((await storage.codes.latest('+998901234567', 'login_sms_verification'))?.closeReason).toBe('used');

        await storage.verifications.insert({
          id: 'v1',
          requestHash: 'rh',
          purpose: 'p',
          contactType: 'phone',
          contact: 'c',
          createdAt: T0,
          expiresAt: T0 + 1,
          usedAt: null,
          userId: null,
        });
        expect(await storage.verifications.markUsed('v1', T0)).toBe(true);
        expect(await storage.verifications.markUsed('v1', T0)).toBe(false);
      }));

    it('counts codes per contact and per address since a moment', () =>
      withStorage(async (storage) => {
        for (const [id, contact, ip, at] of [
          ['a', 'x', '1', T0],
          ['b', 'x', '2', T0 + 10],
          ['c', 'y', '1', T0 + 20],
        ] as const) {
          await storage.codes.insert({
            id,
            purpose: 'p',
            contactType: 'phone',
            contact,
            codeHash: 'h',
            channel: 'sms',
            ip,
            createdAt: at,
            expiresAt: at + 1,
            attempts: 0,
            closedAt: null,
            closeReason: null,
          });
        }
        expect(await storage.codes.countSince({ contact: 'x' }, T0)).toBe(2);
        expect(await storage.codes.countSince({ contact: 'x' }, T0 + 5)).toBe(1);
        expect(await storage.codes.countSince({ ip: '1' }, T0)).toBe(2);
        await storage.codes.closeOpen('x', 'p', T0, 'replaced');
        expect((await storage.codes.latest('x', 'p'))?.id).toBe('b');
        expect((await storage.codes.latest('x', 'p'))?.closeReason).toBe('replaced');
        expect((await storage.codes.latest('y', 'p'))?.closedAt).toBeNull();
      }));

    it('uses a step-up proof once', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.stepUpProofs.insert({
          id: 'p1',
          proofHash: 'h1',
          userId: 'u1',
          sessionId: 's1',
          createdAt: T0,
          expiresAt: T0 + 300_000,
          usedAt: null,
        });
        expect((await storage.stepUpProofs.findByHash('h1'))?.userId).toBe('u1');
        expect(await storage.stepUpProofs.markUsed('p1', T0 + 1)).toBe(true);
        expect(await storage.stepUpProofs.markUsed('p1', T0 + 2)).toBe(false);
        expect((await storage.stepUpProofs.findByHash('h1'))?.usedAt).toBe(T0 + 1);
      }));

    it('sweeps the codes, request ids and step-up proofs that expired before a moment, and only those', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.codes.insert(code('c-old'));
        await storage.codes.insert({ ...code('c-new'), expiresAt: T0 + 3 * MINUTE });
        const verification = {
          purpose: 'p',
          contactType: 'phone' as const,
          contact: 'x',
          createdAt: T0,
          usedAt: null,
          userId: null,
        };
        await storage.verifications.insert({
          ...verification,
          id: 'v-old',
          requestHash: 'rv1',
          expiresAt: T0 + MINUTE,
        });
        await storage.verifications.insert({
          ...verification,
          id: 'v-new',
          requestHash: 'rv2',
          expiresAt: T0 + 3 * MINUTE,
        });
        const proof = { userId: 'u1', sessionId: 's1', createdAt: T0, usedAt: null };
        await storage.stepUpProofs.insert({ ...proof, id: 'p-old', proofHash: 'hp1', expiresAt: T0 + MINUTE });
        await storage.stepUpProofs.insert({ ...proof, id: 'p-new', proofHash: 'hp2', expiresAt: T0 + 3 * MINUTE });
        // Expired exactly at the moment: kept.
        await storage.stepUpProofs.insert({ ...proof, id: 'p-edge', proofHash: 'hp3', expiresAt: T0 + 2 * MINUTE });
        const before = T0 + 2 * MINUTE;
        expect([
          await storage.codes.sweepExpired(before),
          await storage.verifications.sweepExpired(before),
          await storage.stepUpProofs.sweepExpired(before),
        ]).toEqual([1, 1, 1]);
        expect([
          (await storage.codes.latest('c-old', 'p'))?.id,
          (await storage.codes.latest('c-new', 'p'))?.id,
        ]).toEqual([undefined, 'c-new']);
        expect([
          (await storage.verifications.findByHash('rv1'))?.id,
          (await storage.verifications.findByHash('rv2'))?.id,
        ]).toEqual([undefined, 'v-new']);
        expect(
          await Promise.all(
            ['hp1', 'hp2', 'hp3'].map(async (hash) => (await storage.stepUpProofs.findByHash(hash))?.id),
          ),
        ).toEqual([undefined, 'p-new', 'p-edge']);
        expect(await storage.stepUpProofs.sweepExpired(before)).toBe(0);
      }));

    it("counts a code's tries up to the limit, concurrent ones too, and none on a closed code", () =>
      withStorage(async (storage) => {
        await storage.codes.insert(code('c1'));
        const tries = await Promise.all(Array.from({ length: 20 }, () => storage.codes.takeAttempt('c1', 5)));
        expect(tries.filter((t) => t !== null).toSorted()).toEqual([1, 2, 3, 4, 5]);
        expect(await storage.codes.takeAttempt('c1', 5)).toBeNull();

        await storage.codes.insert(code('c2'));
        await storage.codes.close('c2', T0, 'used');
        expect(await storage.codes.takeAttempt('c2', 5)).toBeNull();
      }));

    it('takes a limit lock any number of times, in a transaction and out of one', () =>
      withStorage(async (storage) => {
        const taken = storage.transaction(async (tx) => {
          await tx.limitLocks.take('otp_ip', '203.0.113.7', T0);
          await tx.limitLocks.take('otp_ip', '203.0.113.7', T0 + 1);
          return 'taken';
        });
        await expect(taken).resolves.toBe('taken');
        await expect(storage.limitLocks.take('otp_ip', '203.0.113.7', T0 + 2)).resolves.toBeUndefined();
      }));
  });
}
