/**
 * What the sign-in requests by QR (kysely-qr-login-storage.ts) promise (issue 39): a request moves
 * out of `pending`/`scanned` once and only while it lives, an approval's tokens are handed over once
 * however many readers race, and expired requests are swept. Run against every database by
 * storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { QrLoginRequest } from '../qr-login-storage.js';
import { T0, type OpenStorage, user, usingStorage } from './contract-records.js';

const LIFETIME_MS = 60_000;

function request(id: string, overrides: Partial<QrLoginRequest> = {}): QrLoginRequest {
  return {
    id,
    secretHash: `hash-of-${id}`,
    number: '07',
    numbers: ['42', '07', '93'],
    userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0',
    ip: '203.0.113.7',
    place: null,
    deviceId: 'device-hash',
    createdAt: T0,
    expiresAt: T0 + LIFETIME_MS,
    state: 'pending',
    userId: null,
    save: false,
    decidedAt: null,
    consumedAt: null,
    ...overrides,
  };
}

export function describeQrLoginStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's sign-in requests by QR`, () => {
    it('keeps a request as given, and nothing for an unknown id', () =>
      withStorage(async (storage) => {
        await storage.qrLogins.insert(request('q1'));
        expect(await storage.qrLogins.find('q1')).toEqual(request('q1'));
        expect(await storage.qrLogins.find('q2')).toBeUndefined();
      }));

    it('marks a pending request scanned once, and never an expired one', () =>
      withStorage(async (storage) => {
        await storage.qrLogins.insert(request('q1'));
        await storage.qrLogins.insert(request('q2'));
        expect(await storage.qrLogins.markScanned('q1', T0 + 1000)).toBe(true);
        expect(await storage.qrLogins.markScanned('q1', T0 + 2000)).toBe(false);
        expect((await storage.qrLogins.find('q1'))?.state).toBe('scanned');
        expect(await storage.qrLogins.markScanned('q2', T0 + LIFETIME_MS)).toBe(false);
        expect((await storage.qrLogins.find('q2'))?.state).toBe('pending');
      }));

    it('approves a live request once, with who and how long, and refuses an expired or closed one', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.qrLogins.insert(request('q1', { state: 'scanned' }));
        await storage.qrLogins.insert(request('q2'));
        await storage.qrLogins.insert(request('q3'));
        const at = T0 + 5000;
        expect(await storage.qrLogins.approve('q1', { userId: 'u1', save: true, at })).toBe(true);
        expect(await storage.qrLogins.approve('q1', { userId: 'u1', save: false, at })).toBe(false);
        expect(await storage.qrLogins.find('q1')).toEqual(
          request('q1', { state: 'approved', userId: 'u1', save: true, decidedAt: at }),
        );
        expect(await storage.qrLogins.approve('q2', { userId: 'u1', save: true, at: T0 + LIFETIME_MS })).toBe(false);
        expect(await storage.qrLogins.close('q3', 'denied', at)).toBe(true);
        expect(await storage.qrLogins.approve('q3', { userId: 'u1', save: true, at })).toBe(false);
        expect(await storage.qrLogins.find('q3')).toEqual(request('q3', { state: 'denied', decidedAt: at }));
      }));

    it('kills or denies a live request once, never an approved or expired one', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.qrLogins.insert(request('q1'));
        await storage.qrLogins.insert(request('q2'));
        await storage.qrLogins.insert(request('q3'));
        expect(await storage.qrLogins.close('q1', 'killed', T0 + 1)).toBe(true);
        expect(await storage.qrLogins.close('q1', 'denied', T0 + 2)).toBe(false);
        expect((await storage.qrLogins.find('q1'))?.state).toBe('killed');
        await storage.qrLogins.approve('q2', { userId: 'u1', save: false, at: T0 + 1 });
        expect(await storage.qrLogins.close('q2', 'killed', T0 + 2)).toBe(false);
        expect(await storage.qrLogins.close('q3', 'denied', T0 + LIFETIME_MS)).toBe(false);
      }));

    it('hands an approval over to exactly one of 20 racing readers, and nothing before it is approved', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.qrLogins.insert(request('q1'));
        expect(await storage.qrLogins.consume('q1', T0 + 1)).toBe(false);
        await storage.qrLogins.approve('q1', { userId: 'u1', save: false, at: T0 + 1 });
        const taken = await Promise.all(Array.from({ length: 20 }, () => storage.qrLogins.consume('q1', T0 + 2)));
        expect(taken.filter(Boolean)).toHaveLength(1);
        expect((await storage.qrLogins.find('q1'))?.consumedAt).toBe(T0 + 2);
      }));

    it('lets one of 20 racing approvals and kills win', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.qrLogins.insert(request('q1'));
        const won = await Promise.all(
          Array.from({ length: 20 }, (_, i) =>
            i % 2 === 0
              ? storage.qrLogins.approve('q1', { userId: 'u1', save: false, at: T0 + 1 })
              : storage.qrLogins.close('q1', 'killed', T0 + 1),
          ),
        );
        expect(won.filter(Boolean)).toHaveLength(1);
      }));

    it('sweeps the requests that expired before a time, and an erased account takes its approvals with it', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.qrLogins.insert(request('old', { expiresAt: T0 }));
        await storage.qrLogins.insert(request('live'));
        await storage.qrLogins.insert(request('mine'));
        await storage.qrLogins.approve('mine', { userId: 'u1', save: false, at: T0 + 1 });
        expect(await storage.qrLogins.sweep(T0 + 1)).toBe(1);
        expect(await storage.qrLogins.find('old')).toBeUndefined();
        expect(await storage.qrLogins.find('live')).toBeDefined();
        expect(await storage.deactivation.erase('u1')).toBe(true);
        expect(await storage.qrLogins.find('mine')).toBeUndefined();
      }));
  });
}
