/**
 * What the passkeys' part (kysely-passkey-storage.ts) promises: a credential id registers once, the
 * account's list, a use keeps the counter and backup state, rename and remove only the owner's; a
 * challenge is taken once, only by its browser and purpose, and not after it expires. Run against
 * every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { Passkey, WebauthnChallenge } from '../passkey-storage.js';
import { T0, type OpenStorage, usingStorage, user } from './contract-records.js';

const passkey = (id: string, userId: string, overrides: Partial<Passkey> = {}): Passkey => ({
  id,
  userId,
  publicKey: 'pQECAyYgASFYIA',
  counter: 0,
  transports: ['internal', 'hybrid'],
  backupEligible: true,
  backupState: false,
  name: 'Chrome on Android',
  createdAt: T0,
  lastUsedAt: null,
  ...overrides,
});

const challenge = (hash: string, overrides: Partial<WebauthnChallenge> = {}): WebauthnChallenge => ({
  challengeHash: hash,
  bindingHash: 'browser-1',
  purpose: 'authenticate',
  userId: null,
  createdAt: T0,
  expiresAt: T0 + 300_000,
  usedAt: null,
  clientId: null,
  ...overrides,
});

export function describePasskeyStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's passkeys`, () => {
    it('registers a credential id once, lists the account’s own, keeps each use', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        expect(await storage.passkeys.insert(passkey('cred-1', 'u1'))).toBe(true);
        expect(await storage.passkeys.insert(passkey('cred-1', 'u2'))).toBe(false);
        expect(await storage.passkeys.insert(passkey('cred-2', 'u1', { createdAt: T0 + 1, counter: 7 }))).toBe(true);
        expect(await storage.passkeys.find('cred-1')).toEqual(passkey('cred-1', 'u1'));
        expect((await storage.passkeys.listForUser('u1')).map((key) => key.id)).toEqual(['cred-1', 'cred-2']);
        expect(await storage.passkeys.listForUser('u2')).toEqual([]);
        await storage.passkeys.recordUse('cred-2', { counter: 9, backupState: true, at: T0 + 5 });
        expect(await storage.passkeys.find('cred-2')).toMatchObject({
          counter: 9,
          backupState: true,
          lastUsedAt: T0 + 5,
        });
      }));

    it('renames and removes only the owner’s passkey', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.passkeys.insert(passkey('cred-1', 'u1'));
        expect(await storage.passkeys.rename('u2', 'cred-1', 'Stolen')).toBe(false);
        expect(await storage.passkeys.rename('u1', 'cred-1', 'My phone')).toBe(true);
        expect((await storage.passkeys.find('cred-1'))?.name).toBe('My phone');
        expect(await storage.passkeys.remove('u2', 'cred-1')).toBe(false);
        expect(await storage.passkeys.remove('u1', 'cred-1')).toBe(true);
        expect(await storage.passkeys.remove('u1', 'cred-1')).toBe(false);
        await storage.passkeys.insert(passkey('cred-3', 'u1'));
        await storage.passkeys.removeAllForUser('u1');
        expect(await storage.passkeys.find('cred-3')).toBeUndefined();
      }));

    it('gives a challenge once, to its own browser and purpose, before it expires', () =>
      withStorage(async (storage) => {
        await storage.webauthnChallenges.insert(challenge('c1'));
        expect(await storage.webauthnChallenges.take('c1', 'browser-2', 'authenticate', T0 + 1)).toBeUndefined();
        expect(await storage.webauthnChallenges.take('c1', 'browser-1', 'register', T0 + 1)).toBeUndefined();
        expect(await storage.webauthnChallenges.take('c1', 'browser-1', 'authenticate', T0 + 1)).toEqual(
          challenge('c1', { usedAt: T0 + 1 }),
        );
        expect(await storage.webauthnChallenges.take('c1', 'browser-1', 'authenticate', T0 + 2)).toBeUndefined();
        await storage.webauthnChallenges.insert(challenge('c2', { purpose: 'register', userId: 'u1' }));
        expect(await storage.webauthnChallenges.take('c2', 'browser-1', 'register', T0 + 300_000)).toBeUndefined();
        await storage.webauthnChallenges.insert(challenge('c3'));
        const takers = await Promise.all(
          [1, 2, 3].map(() => storage.webauthnChallenges.take('c3', 'browser-1', 'authenticate', T0 + 1)),
        );
        expect(takers.filter(Boolean)).toHaveLength(1);
        // Migration 0021: the embed's client comes back with its challenge.
        await storage.webauthnChallenges.insert(challenge('c4', { clientId: 'partner-app' }));
        expect(await storage.webauthnChallenges.take('c4', 'browser-1', 'authenticate', T0 + 1)).toEqual(
          challenge('c4', { clientId: 'partner-app', usedAt: T0 + 1 }),
        );
        expect(await storage.webauthnChallenges.sweepExpired(T0 + 300_001)).toBe(4);
      }));
  });
}
