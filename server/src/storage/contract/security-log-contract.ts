/**
 * What the security log (kysely-security-log-storage.ts) promises: per account, newest first.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, user, type OpenStorage, usingStorage } from './contract-records.js';

const event = (id: string, userId: string, at: number) => ({
  id,
  userId,
  type: 'login',
  createdAt: at,
  ip: '1.2.3.4',
  userAgent: null,
  sessionId: null,
  details: { method: 'code', n: 1, ok: true, none: null },
});

export function describeSecurityLogStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's security log`, () => {
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
        expect((await storage.auditLog.list('u1', 0, 1))[0]?.details).toEqual({
          method: 'code',
          n: 1,
          ok: true,
          none: null,
        });
      }));

    it("tells when an account's newest event of a type happened, and nothing for a type it has none of", () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.auditLog.insert(event('0001', 'u1', T0));
        await storage.auditLog.insert(event('0002', 'u1', T0 + 5000));
        await storage.auditLog.insert({ ...event('0003', 'u1', T0 + 9000), type: 'logout' });
        await storage.auditLog.insert(event('0004', 'u2', T0 + 20000));
        expect(await storage.auditLog.latestOfType('u1', 'login')).toBe(T0 + 5000);
        expect(await storage.auditLog.latestOfType('u1', 'logout')).toBe(T0 + 9000);
        expect(await storage.auditLog.latestOfType('u1', 'password_failed')).toBeNull();
        expect(await storage.auditLog.latestOfType('u3', 'login')).toBeNull();
      }));

    it('tells how each sign-in was made, from the login event that opened it, for that account only', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        const opened = (id: string, userId: string, sessionId: string, details: Record<string, string>) =>
          storage.auditLog.insert({ ...event(id, userId, T0), sessionId, details });
        await opened('0001', 'u1', 's-password', { method: 'password' });
        await opened('0002', 'u1', 's-google', { method: 'google' });
        await opened('0003', 'u1', 's-none', {});
        await storage.auditLog.insert({ ...event('0004', 'u1', T0), type: 'registered', sessionId: 's-registered' });
        await opened('0005', 'u2', 's-other', { method: 'telegram' });
        const methods = await storage.auditLog.signInMethods('u1', [
          's-password',
          's-google',
          's-none',
          's-registered',
          's-other',
          's-unknown',
        ]);
        expect([...methods].toSorted()).toEqual([
          ['s-google', 'google'],
          ['s-password', 'password'],
        ]);
        expect(await storage.auditLog.signInMethods('u1', [])).toEqual(new Map());
      }));
  });
}
