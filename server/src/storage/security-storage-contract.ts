/**
 * The behaviour every implementation of SecurityStorage must have, run by each database's test
 * (sqlite-storage.test.ts) beside the main suite of storage-contract.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, session, user, type OpenStorage, usingStorage } from './contract-records.js';
import type { Session } from './records.js';
import type { Storage } from './storage.js';

const DAY_MS = 24 * 60 * 60 * 1000;


const event = (id: string, userId: string, at: number) => ({
  id, userId, type: 'login', createdAt: at, ip: '1.2.3.4', userAgent: null, sessionId: null, details: { method: 'code', n: 1, ok: true, none: null },
});

/** A session with one refresh token expiring at `expiresAt`. */
async function liveSession(storage: Storage, id: string, userId: string, expiresAt: number, overrides: Partial<Session> = {}) {
  await storage.sessions.insert(session(id, userId, overrides));
  await storage.refreshTokens.insert({ id: `rt-${id}`, sessionId: id, tokenHash: `hash-${id}`, parentId: null, createdAt: T0, expiresAt, rotatedAt: null });
}

export function describeSecurityStorageContract(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's security part`, () => {
    it('finds the owner of a phone or e-mail by primary or secondary, never by an unverified e-mail', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { phone: '+998901234567', email: 'a@b.uz', emailVerified: true, secondaryPhone: '+998901234568', secondaryEmail: 'c@d.uz' }));
        await storage.users.insert(user('u2', { email: 'e@f.uz' }));
        expect((await storage.contacts.ownerOfPhone('+998901234567'))?.id).toBe('u1');
        expect((await storage.contacts.ownerOfPhone('+998901234568'))?.id).toBe('u1');
        expect((await storage.contacts.ownerOfEmail('a@b.uz'))?.id).toBe('u1');
        expect((await storage.contacts.ownerOfEmail('c@d.uz'))?.id).toBe('u1');
        expect(await storage.contacts.ownerOfEmail('e@f.uz')).toBeUndefined();
        expect(await storage.contacts.ownerOfPhone('+998900000000')).toBeUndefined();
      }));

    it('keeps a secondary contact to one account, and swaps primary and secondary in one update', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { phone: '+998901234567', secondaryPhone: '+998901234568' }));
        await expect(storage.users.insert(user('u2', { secondaryPhone: '+998901234568' }))).rejects.toThrow(/unique/i);
        await storage.contacts.update('u1', { phone: '+998901234568', secondaryPhone: '+998901234567' }, T0 + 1);
        expect(await storage.users.findById('u1')).toMatchObject({ phone: '+998901234568', secondaryPhone: '+998901234567', updatedAt: T0 + 1 });
        await storage.contacts.update('u1', { email: 'x@y.uz', emailVerified: true }, T0 + 2);
        expect(await storage.users.findById('u1')).toMatchObject({ phone: '+998901234568', email: 'x@y.uz', emailVerified: true });
      }));

    it('lists open sessions of a kind, newest activity first, and ends the others of chosen kinds', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await liveSession(storage, 's1', 'u1', T0 + DAY_MS);
        await liveSession(storage, 's2', 'u1', T0 + DAY_MS, { lastSeenAt: T0 + 5 });
        await liveSession(storage, 'expired', 'u1', T0 + 10);
        await liveSession(storage, 'ended', 'u1', T0 + DAY_MS, { endedAt: T0, endReason: 'logout' });
        await liveSession(storage, 'app', 'u1', T0 + DAY_MS, { kind: 'oauth', oauthClientId: 'shop' });
        await liveSession(storage, 'theirs', 'u2', T0 + DAY_MS);
        expect((await storage.openSessions.list('u1', 'sso', T0 + 10)).map((s) => s.id)).toEqual(['s2', 's1']);
        expect(await storage.openSessions.endOthers('u1', 's1', ['sso'], T0 + 20, 'ended_by_user')).toBe(2);
        expect((await storage.sessions.findById('app'))?.endedAt).toBeNull();
        expect(await storage.openSessions.endOthers('u1', 's1', ['sso', 'oauth'], T0 + 30, 'deactivated')).toBe(1);
        expect((await storage.sessions.findById('s1'))?.endedAt).toBeNull();
        expect((await storage.sessions.findById('theirs'))?.endedAt).toBeNull();
        expect(await storage.sessions.findById('s2')).toMatchObject({ endedAt: T0 + 20, endReason: 'ended_by_user' });
      }));

    it('keeps the audit log per account, newest first, with its details', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.auditLog.insert(event('0001', 'u1', T0));
        await storage.auditLog.insert(event('0003', 'u1', T0 + 1));
        await storage.auditLog.insert(event('0002', 'u1', T0 + 1));
        await storage.auditLog.insert(event('0004', 'u2', T0 + 2));
        expect(await storage.auditLog.count('u1')).toBe(3);
        expect((await storage.auditLog.list('u1', 0, 10)).map((e) => e.id)).toEqual(['0003', '0002', '0001']);
        expect((await storage.auditLog.list('u1', 1, 1)).map((e) => e.id)).toEqual(['0002']);
        expect((await storage.auditLog.list('u1', 0, 1))[0]?.details).toEqual({ method: 'code', n: 1, ok: true, none: null });
      }));

    it('uses a step-up proof once', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.stepUpProofs.insert({ id: 'p1', proofHash: 'h1', userId: 'u1', sessionId: 's1', createdAt: T0, expiresAt: T0 + 300_000, usedAt: null });
        expect((await storage.stepUpProofs.findByHash('h1'))?.userId).toBe('u1');
        expect(await storage.stepUpProofs.markUsed('p1', T0 + 1)).toBe(true);
        expect(await storage.stepUpProofs.markUsed('p1', T0 + 2)).toBe(false);
        expect((await storage.stepUpProofs.findByHash('h1'))?.usedAt).toBe(T0 + 1);
      }));

    it('deactivates, finds the accounts due for erasure, restores, and erases only what exists', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.deactivation.set('u1', { inactivatedAt: T0, eraseAt: T0 + DAY_MS }, T0);
        await storage.deactivation.set('u2', { inactivatedAt: T0, eraseAt: T0 + 2 * DAY_MS }, T0);
        expect(await storage.users.findById('u1')).toMatchObject({ isInactivated: true, inactivatedAt: T0, eraseAt: T0 + DAY_MS });
        expect((await storage.deactivation.dueForErase(T0 + DAY_MS)).map((u) => u.id)).toEqual(['u1']);
        await storage.deactivation.set('u1', null, T0 + 1);
        expect(await storage.users.findById('u1')).toMatchObject({ isInactivated: false, inactivatedAt: null, eraseAt: null });
        expect(await storage.deactivation.dueForErase(T0 + DAY_MS)).toEqual([]);
        expect(await storage.deactivation.erase('u2')).toBe(true);
        expect(await storage.users.findById('u2')).toBeUndefined();
        expect(await storage.deactivation.erase('u2')).toBe(false);
      }));
  });
}
