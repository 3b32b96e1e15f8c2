/**
 * What the social sign-in part (kysely-social-storage.ts) promises (issue 36): an identity links to
 * one account; a flow is taken once, only by the browser it is bound to and only before it expires,
 * by exactly one of any number of takers at once; a pending link counts its attempts and is used once;
 * the erase job removes an account's identities; the OneID verification is kept on the account.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { LinkedIdentityRecord, PendingLink, SocialFlow } from '../social-storage.js';
import { T0, type OpenStorage, usingStorage, user } from './contract-records.js';

const MINUTE = 60_000;

const identity = (overrides: Partial<LinkedIdentityRecord> = {}): LinkedIdentityRecord => ({
  provider: 'google',
  subject: 'g-1',
  userId: 'u1',
  email: 'dilnoza@example.uz',
  emailVerified: true,
  display: 'dilnoza@example.uz',
  linkedAt: T0,
  ...overrides,
});

const flow = (overrides: Partial<SocialFlow> = {}): SocialFlow => ({
  stateHash: 'state-hash',
  bindingHash: 'binding-hash',
  provider: 'twitter',
  purpose: 'signin',
  userId: null,
  nonce: 'nonce',
  codeVerifier: 'verifier',
  popup: false,
  appleUser: null,
  createdAt: T0,
  expiresAt: T0 + 10 * MINUTE,
  usedAt: null,
  ...overrides,
});

const pendingLink = (overrides: Partial<PendingLink> = {}): PendingLink => ({
  id: 'p1',
  tokenHash: 'token-hash',
  bindingHash: 'binding-hash',
  identity: '{"subject":"g-1"}',
  provider: 'google',
  userId: 'u1',
  contactType: 'email',
  contact: 'dilnoza@example.uz',
  attempts: 0,
  createdAt: T0,
  expiresAt: T0 + 10 * MINUTE,
  usedAt: null,
  ...overrides,
});

export function describeSocialStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's linked identities`, () => {
    it('links a (provider, subject) to one account only, lists them per account and unlinks one', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        expect(await storage.linkedIdentities.insert(identity())).toBe(true);
        expect(await storage.linkedIdentities.insert(identity({ userId: 'u2', linkedAt: T0 + 1 }))).toBe(false);
        expect(
          await storage.linkedIdentities.insert(identity({ provider: 'telegram', subject: '77', linkedAt: T0 + 5 })),
        ).toBe(true);
        expect(await storage.linkedIdentities.find('google', 'g-1')).toEqual(identity());
        expect(await storage.linkedIdentities.find('google', 'g-2')).toBeUndefined();
        expect((await storage.linkedIdentities.listForUser('u1')).map((row) => row.provider)).toEqual([
          'google',
          'telegram',
        ]);
        expect(await storage.linkedIdentities.listForUser('u2')).toEqual([]);

        expect(await storage.linkedIdentities.remove('u2', 'google')).toBe(false);
        expect(await storage.linkedIdentities.remove('u1', 'google')).toBe(true);
        expect(await storage.linkedIdentities.find('google', 'g-1')).toBeUndefined();
        expect(await storage.linkedIdentities.insert(identity({ userId: 'u2' }))).toBe(true);
      }));

    it('are erased with their account, with its pending links and flows', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.linkedIdentities.insert(identity());
        await storage.linkedIdentities.insert(identity({ subject: 'g-2', userId: 'u2' }));
        await storage.pendingLinks.insert(pendingLink());
        await storage.socialFlows.insert(flow({ purpose: 'link', userId: 'u1' }));
        expect(await storage.deactivation.erase('u1')).toBe(true);
        expect(await storage.linkedIdentities.listForUser('u1')).toEqual([]);
        expect(await storage.pendingLinks.find('token-hash', 'binding-hash', T0)).toBeUndefined();
        expect(await storage.socialFlows.take('state-hash', 'binding-hash', T0)).toBeUndefined();
        expect(await storage.linkedIdentities.listForUser('u2')).toHaveLength(1);
      }));

    it('keep OneID’s verification on the account: verified, the PINFL, the record’s names', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { registrationKind: 0 }));
        await storage.users.setStateVerified(
          'u1',
          { pinfl: '12345678901234', firstName: 'Dilnoza', lastName: 'Yusupova', birthDate: '1990-05-01' },
          T0 + 1,
        );
        expect(await storage.users.findById('u1')).toMatchObject({
          verificationStatus: 'verified',
          pinfl: '12345678901234',
          firstName: 'Dilnoza',
          lastName: 'Yusupova',
          birthDate: '1990-05-01',
          registrationKind: 0,
          updatedAt: T0 + 1,
        });
        expect((await storage.users.findByPinfl('12345678901234'))?.id).toBe('u1');
        expect(await storage.users.findByPinfl('12345678901235')).toBeUndefined();
      }));
  });

  describe(`the ${name} storage's social flows`, () => {
    it('are taken once, by the browser they are bound to, before they expire', () =>
      withStorage(async (storage) => {
        await storage.socialFlows.insert(flow());
        expect(await storage.socialFlows.take('state-hash', 'another-browser', T0 + 1)).toBeUndefined();
        expect(await storage.socialFlows.take('state-hash', 'binding-hash', T0 + 2)).toEqual(flow({ usedAt: T0 + 2 }));
        expect(await storage.socialFlows.take('state-hash', 'binding-hash', T0 + 3)).toBeUndefined();

        await storage.socialFlows.insert(flow({ stateHash: 'late' }));
        expect(await storage.socialFlows.take('late', 'binding-hash', T0 + 10 * MINUTE)).toBeUndefined();
      }));

    it('go to exactly one of 10 takers at once', () =>
      withStorage(async (storage) => {
        await storage.socialFlows.insert(flow());
        const taken = await Promise.all(
          Array.from({ length: 10 }, () => storage.socialFlows.take('state-hash', 'binding-hash', T0 + 1)),
        );
        expect(taken.filter((row) => row !== undefined)).toHaveLength(1);
      }));

    it('keep Apple’s first-time user once, only on a live flow, and sweep the expired', () =>
      withStorage(async (storage) => {
        await storage.socialFlows.insert(flow({ provider: 'apple' }));
        expect(await storage.socialFlows.keepAppleUser('state-hash', '{"name":1}', T0 + 1)).toBe(true);
        expect(await storage.socialFlows.keepAppleUser('state-hash', '{"name":2}', T0 + 2)).toBe(false);
        expect(await storage.socialFlows.keepAppleUser('unknown', '{"name":2}', T0 + 2)).toBe(false);
        expect((await storage.socialFlows.take('state-hash', 'binding-hash', T0 + 3))?.appleUser).toBe('{"name":1}');

        await storage.socialFlows.insert(flow({ stateHash: 'old', expiresAt: T0 }));
        await storage.socialFlows.insert(flow({ stateHash: 'new', expiresAt: T0 + 20 * MINUTE }));
        expect(await storage.socialFlows.sweepExpired(T0 + 15 * MINUTE)).toBe(2);
        expect(await storage.socialFlows.take('new', 'binding-hash', T0 + 16 * MINUTE)).toBeDefined();
      }));
  });

  describe(`the ${name} storage's pending links`, () => {
    it('are found only by their browser while live, count attempts up to a limit, and are used once', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.pendingLinks.insert(pendingLink());
        expect(await storage.pendingLinks.find('token-hash', 'another-browser', T0)).toBeUndefined();
        expect(await storage.pendingLinks.find('token-hash', 'binding-hash', T0 + 10 * MINUTE)).toBeUndefined();
        expect(await storage.pendingLinks.find('token-hash', 'binding-hash', T0)).toEqual(pendingLink());

        expect(await storage.pendingLinks.takeAttempt('p1', 2)).toBe(true);
        expect(await storage.pendingLinks.takeAttempt('p1', 2)).toBe(true);
        expect(await storage.pendingLinks.takeAttempt('p1', 2)).toBe(false);
        expect((await storage.pendingLinks.find('token-hash', 'binding-hash', T0))?.attempts).toBe(2);

        const marks = await Promise.all([
          storage.pendingLinks.markUsed('p1', T0 + 1),
          storage.pendingLinks.markUsed('p1', T0 + 1),
        ]);
        expect(marks.filter(Boolean)).toHaveLength(1);
        expect(await storage.pendingLinks.find('token-hash', 'binding-hash', T0 + 2)).toBeUndefined();
        expect(await storage.pendingLinks.sweepExpired(T0 + 11 * MINUTE)).toBe(1);
      }));
  });
}
