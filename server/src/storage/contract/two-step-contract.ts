/**
 * What the two-step part (kysely-two-step-storage.ts) promises: one confirmed authenticator secret per
 * account, a time step taken once and never one before it, recovery codes each used once and replaced
 * as a set, and a second step found only by its browser, its attempts counted to a limit, used once.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { SecondStep, TotpSecret } from '../two-step-storage.js';
import { T0, type OpenStorage, usingStorage, user } from './contract-records.js';

const secret = (id: string, overrides: Partial<TotpSecret> = {}): TotpSecret => ({
  id,
  userId: 'u1',
  sealedSecret: `v1:${id}`,
  createdAt: T0,
  confirmedAt: null,
  lastStep: null,
  ...overrides,
});

const secondStep = (id: string, overrides: Partial<SecondStep> = {}): SecondStep => ({
  id,
  tokenHash: `token-${id}`,
  bindingHash: 'browser-1',
  userId: 'u1',
  firstMethod: 'password',
  firstAmr: ['pwd'],
  save: true,
  attempts: 0,
  createdAt: T0,
  expiresAt: T0 + 300_000,
  usedAt: null,
  ...overrides,
});

export function describeTwoStepStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's two-step verification`, () => {
    it('confirms a new secret in place of the old one, and takes each time step once, never an earlier one', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.totpSecrets.insert(secret('s1'));
        expect(await storage.totpSecrets.findConfirmed('u1')).toBeUndefined();
        expect(await storage.totpSecrets.findPending('u1', T0 + 1)).toBeUndefined();
        expect(await storage.totpSecrets.findPending('u1', T0)).toEqual(secret('s1'));
        expect(await storage.totpSecrets.takeStep('s1', 100)).toBe(false);
        expect(await storage.totpSecrets.confirm('u1', 's1', 100, T0 + 10)).toBe(true);
        expect(await storage.totpSecrets.confirm('u1', 's1', 101, T0 + 10)).toBe(false);
        expect(await storage.totpSecrets.findConfirmed('u1')).toEqual(
          secret('s1', { confirmedAt: T0 + 10, lastStep: 100 }),
        );
        expect(await storage.totpSecrets.takeStep('s1', 100)).toBe(false);
        expect(await storage.totpSecrets.takeStep('s1', 99)).toBe(false);
        const racers = await Promise.all([1, 2, 3].map(() => storage.totpSecrets.takeStep('s1', 101)));
        expect(racers.filter(Boolean)).toHaveLength(1);
        // A change: the new secret replaces the confirmed one only once it is confirmed.
        await storage.totpSecrets.insert(secret('s2', { createdAt: T0 + 20 }));
        expect((await storage.totpSecrets.findConfirmed('u1'))?.id).toBe('s1');
        expect(await storage.totpSecrets.confirm('u1', 's2', 200, T0 + 30)).toBe(true);
        expect((await storage.totpSecrets.findConfirmed('u1'))?.id).toBe('s2');
        expect(await storage.totpSecrets.takeStep('s1', 300)).toBe(false);
        await storage.totpSecrets.removeAllForUser('u1');
        expect(await storage.totpSecrets.findConfirmed('u1')).toBeUndefined();
      }));

    it('pages through every account’s secrets by id, and replaces a sealed secret only while it is the one expected', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        for (const id of ['s3', 's1', 's2'])
          await storage.totpSecrets.insert(secret(id, { userId: id === 's2' ? 'u2' : 'u1' }));
        expect((await storage.totpSecrets.listPage('', 2)).map((row) => row.id)).toEqual(['s1', 's2']);
        expect((await storage.totpSecrets.listPage('s2', 2)).map((row) => row.id)).toEqual(['s3']);
        expect(await storage.totpSecrets.listPage('s3', 2)).toEqual([]);
        expect(await storage.totpSecrets.replaceSealed('s1', 'v1:other', 'v1:new')).toBe(false);
        expect(await storage.totpSecrets.replaceSealed('s1', 'v1:s1', 'v1:new')).toBe(true);
        expect(await storage.totpSecrets.replaceSealed('s1', 'v1:s1', 'v1:newer')).toBe(false);
        expect((await storage.totpSecrets.listPage('', 1))[0]).toEqual(secret('s1', { sealedSecret: 'v1:new' }));
      }));

    it('uses each recovery code once, only its account’s, and a new set drops the old', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.recoveryCodes.replace(
          'u1',
          [
            { id: 'r1', codeHash: 'h1' },
            { id: 'r2', codeHash: 'h2' },
          ],
          T0,
        );
        expect(await storage.recoveryCodes.countUnused('u1')).toBe(2);
        expect(await storage.recoveryCodes.use('u2', 'h1', T0 + 1)).toBe(false);
        expect(await storage.recoveryCodes.use('u1', 'h1', T0 + 1)).toBe(true);
        expect(await storage.recoveryCodes.use('u1', 'h1', T0 + 2)).toBe(false);
        expect(await storage.recoveryCodes.countUnused('u1')).toBe(1);
        await storage.recoveryCodes.replace('u1', [{ id: 'r3', codeHash: 'h3' }], T0 + 3);
        expect(await storage.recoveryCodes.use('u1', 'h2', T0 + 4)).toBe(false);
        expect(await storage.recoveryCodes.countUnused('u1')).toBe(1);
        await storage.recoveryCodes.removeAllForUser('u1');
        expect(await storage.recoveryCodes.countUnused('u1')).toBe(0);
      }));

    it('finds a second step only from its browser while it lives, counts its attempts to the limit, uses it once', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.secondSteps.insert(secondStep('p1'));
        expect(await storage.secondSteps.find('token-p1', 'browser-2', T0 + 1)).toBeUndefined();
        expect(await storage.secondSteps.find('token-p1', 'browser-1', T0 + 300_000)).toBeUndefined();
        expect(await storage.secondSteps.find('token-p1', 'browser-1', T0 + 1)).toEqual(secondStep('p1'));
        const attempts = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => storage.secondSteps.takeAttempt('p1', 5)));
        expect(attempts.filter(Boolean)).toHaveLength(5);
        expect((await storage.secondSteps.find('token-p1', 'browser-1', T0 + 1))?.attempts).toBe(5);
        expect(await storage.secondSteps.markUsed('p1', T0 + 2)).toBe(true);
        expect(await storage.secondSteps.markUsed('p1', T0 + 3)).toBe(false);
        expect(await storage.secondSteps.find('token-p1', 'browser-1', T0 + 4)).toBeUndefined();
        expect(await storage.secondSteps.sweepExpired(T0 + 300_001)).toBe(1);
      }));
  });
}
