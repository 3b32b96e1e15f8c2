/**
 * What a refresh's common case (refreshTokens.rotateCurrent) promises on every database: the current
 * token of an open session rotates once, atomically, with its successor stored; anything else is
 * left as it was. Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, session, user, type OpenStorage, usingStorage } from './contract-records.js';
import type { Session } from '../records.js';
import type { CurrentRotation } from '../session-storage.js';
import type { Storage } from '../storage.js';

const HOUR_MS = 60 * 60 * 1000;
const LIFETIME = { saved: 30 * 24 * HOUR_MS, unsaved: 12 * HOUR_MS };

const rotation = (tokenHash: string, at = T0 + 1000, overrides: Partial<CurrentRotation> = {}): CurrentRotation => ({
  tokenHash,
  successor: { id: `next-${tokenHash}`, tokenHash: `next-hash-${tokenHash}` },
  kind: 'sso',
  at,
  lifetimeMs: LIFETIME,
  ...overrides,
});

async function family(storage: Storage, overrides: Partial<Session> = {}, expiresAt = T0 + 10 * HOUR_MS) {
  await storage.users.insert(user('u1'));
  await storage.sessions.insert(session('s1', 'u1', { createdAt: T0, lastSeenAt: T0, ...overrides }));
  await storage.refreshTokens.insert({
    id: 'r1',
    sessionId: 's1',
    tokenHash: 'th1',
    parentId: null,
    createdAt: T0,
    expiresAt,
    rotatedAt: null,
  });
}

export function describeRotationStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's refresh in one step`, () => {
    it('rotates the current token once: marked, its successor stored with it as parent and the same expiry, the session touched', () =>
      withStorage(async (storage) => {
        await family(storage);
        const rotated = await storage.refreshTokens.rotateCurrent(rotation('th1'));
        expect(rotated).toMatchObject({ id: 's1', userId: 'u1', kind: 'sso' });
        expect(await storage.refreshTokens.findByHash('th1')).toMatchObject({ rotatedAt: T0 + 1000 });
        expect(await storage.refreshTokens.findByHash('next-hash-th1')).toEqual({
          id: 'next-th1',
          sessionId: 's1',
          tokenHash: 'next-hash-th1',
          parentId: 'r1',
          createdAt: T0 + 1000,
          expiresAt: T0 + 10 * HOUR_MS,
          rotatedAt: null,
        });
        expect((await storage.sessions.findById('s1'))?.lastSeenAt).toBe(T0 + 1000);
        // Presented again, it is no longer current: nothing more is written.
        expect(
          await storage.refreshTokens.rotateCurrent(
            rotation('th1', T0 + 2000, { successor: { id: 'again', tokenHash: 'again' } }),
          ),
        ).toBeUndefined();
        expect(await storage.refreshTokens.findByHash('again')).toBeUndefined();
      }));

    it('of concurrent presentations, exactly one rotates', () =>
      withStorage(async (storage) => {
        await family(storage);
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, i) =>
            storage.refreshTokens.rotateCurrent(
              rotation('th1', T0 + 1000, { successor: { id: `n${i}`, tokenHash: `nh${i}` } }),
            ),
          ),
        );
        expect(results.filter((result) => result !== undefined)).toHaveLength(1);
        const stored = await Promise.all(
          Array.from({ length: 8 }, (_, i) => storage.refreshTokens.findByHash(`nh${i}`)),
        );
        expect(stored.filter((token) => token !== undefined)).toHaveLength(1);
      }));

    it('leaves alone an ended session, another kind, an expired token, a session past its lifetime and an unknown token', () =>
      withStorage(async (storage) => {
        await family(storage, { save: false });
        await storage.sessions.insert(session('o1', 'u1', { kind: 'oauth', oauthClientId: 'shop', createdAt: T0 }));
        await storage.refreshTokens.insert({
          id: 'ro',
          sessionId: 'o1',
          tokenHash: 'tho',
          parentId: null,
          createdAt: T0,
          expiresAt: T0 + HOUR_MS,
          rotatedAt: null,
        });
        expect(await storage.refreshTokens.rotateCurrent(rotation('tho'))).toBeUndefined();
        expect(await storage.refreshTokens.rotateCurrent(rotation('unknown'))).toBeUndefined();
        // The token expires at ten hours; the unsaved session's life ends at twelve.
        expect(await storage.refreshTokens.rotateCurrent(rotation('th1', T0 + 10 * HOUR_MS))).toBeUndefined();
        expect(
          await storage.refreshTokens.rotateCurrent(
            rotation('th1', T0 + HOUR_MS, { lifetimeMs: { saved: LIFETIME.saved, unsaved: HOUR_MS } }),
          ),
        ).toBeUndefined();
        await storage.sessions.end('s1', T0 + 5, 'logout');
        expect(await storage.refreshTokens.rotateCurrent(rotation('th1'))).toBeUndefined();
        expect(await storage.refreshTokens.findByHash('th1')).toMatchObject({ rotatedAt: null });
        expect(await storage.refreshTokens.findByHash('tho')).toMatchObject({ rotatedAt: null });
        expect(await storage.refreshTokens.findByHash('next-hash-th1')).toBeUndefined();
      }));

    it('rotates inside a transaction too, and a rolled-back transaction leaves the token current', () =>
      withStorage(async (storage) => {
        await family(storage);
        await expect(
          storage.transaction(async (tx) => {
            expect(await tx.refreshTokens.rotateCurrent(rotation('th1'))).toMatchObject({ id: 's1' });
            throw new Error('rolled back');
          }),
        ).rejects.toThrow('rolled back');
        expect(await storage.refreshTokens.findByHash('th1')).toMatchObject({ rotatedAt: null });
        expect(await storage.refreshTokens.findByHash('next-hash-th1')).toBeUndefined();
      }));
  });
}
