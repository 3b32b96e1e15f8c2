/**
 * What the sessions part (kysely-session-storage.ts) promises: sessions end once, refresh tokens
 * rotate once, open sessions are the unexpired ones, the export sees every one.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { T0, session, user, type OpenStorage, usingStorage } from './contract-records.js';
import type { Session } from '../records.js';
import type { Storage } from '../storage.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A session with one refresh token expiring at `expiresAt`. */
async function liveSession(
  storage: Storage,
  id: string,
  userId: string,
  expiresAt: number,
  overrides: Partial<Session> = {},
) {
  await storage.sessions.insert(session(id, userId, overrides));
  await storage.refreshTokens.insert({
    id: `rt-${id}`,
    sessionId: id,
    tokenHash: `hash-${id}`,
    parentId: null,
    createdAt: T0,
    expiresAt,
    rotatedAt: null,
  });
}

export function describeSessionStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's sessions`, () => {
    it("ends sessions once, all of a user's at a time, and lists a device's accounts newest first", () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.sessions.insert(session('s1', 'u1', { deviceId: 'd', lastSeenAt: T0 }));
        await storage.sessions.insert(session('s2', 'u1', { deviceId: 'd', lastSeenAt: T0 + 5 }));
        await storage.sessions.insert(session('s3', 'u2', { deviceId: 'd', lastSeenAt: T0 + 9 }));
        expect(await storage.sessions.end('s1', T0, 'logout')).toBe(true);
        expect(await storage.sessions.end('s1', T0, 'logout')).toBe(false);
        let profiles = await storage.sessions.deviceProfiles('d');
        expect(profiles.map((p) => [p.user.id, p.hasActiveSession, p.lastSeenAt])).toEqual([
          ['u2', true, T0 + 9],
          ['u1', true, T0 + 5],
        ]);
        expect(await storage.sessions.endAllForUser('u1', T0, 'password_reset')).toBe(1);
        profiles = await storage.sessions.deviceProfiles('d');
        expect(profiles.find((p) => p.user.id === 'u1')?.hasActiveSession).toBe(false);
        expect((await storage.sessions.findById('s2'))?.endReason).toBe('password_reset');
      }));

    it("moves every session of some devices, ended ones too, to another device in one call, and no other device's", () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.sessions.insert(session('s1', 'u1', { deviceId: 'old' }));
        await storage.sessions.insert(session('s2', 'u2', { deviceId: 'old', endedAt: T0, endReason: 'logout' }));
        await storage.sessions.insert(session('s3', 'u2', { deviceId: 'elsewhere' }));
        await storage.users.insert(user('u3'));
        await storage.sessions.insert(session('s4', 'u3', { deviceId: 'older' }));
        expect(await storage.sessions.moveDevice(['old', 'older'], 'new')).toBe(3);
        expect(await storage.sessions.deviceProfiles('old')).toEqual([]);
        expect(
          (await storage.sessions.deviceProfiles('new')).map((p) => [p.user.id, p.hasActiveSession]).toSorted(),
        ).toEqual([
          ['u1', true],
          ['u2', false],
          ['u3', true],
        ]);
        expect((await storage.sessions.findById('s3'))?.deviceId).toBe('elsewhere');
        expect(await storage.sessions.moveDevice(['old'], 'newer')).toBe(0);
        expect(await storage.sessions.moveDevice([], 'newer')).toBe(0);
      }));

    it('keeps a joined session’s parent and partner origin, ends it with its parent, and ends the joined ones on request', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.sessions.insert(session('parent', 'u1'));
        await storage.sessions.insert(
          session('frame', 'u1', { parentSessionId: 'parent', partnerOrigin: 'https://shop.example.uz' }),
        );
        await storage.sessions.insert(session('parent2', 'u1'));
        await storage.sessions.insert(
          session('frame2', 'u1', { parentSessionId: 'parent2', partnerOrigin: 'https://other.example.uz' }),
        );
        await storage.sessions.insert(
          session('frame3', 'u1', { parentSessionId: 'parent2', partnerOrigin: 'https://other.example.uz' }),
        );
        expect(await storage.sessions.findById('frame')).toMatchObject({
          parentSessionId: 'parent',
          partnerOrigin: 'https://shop.example.uz',
        });
        expect(await storage.sessions.end('parent', T0, 'logout')).toBe(true);
        expect((await storage.sessions.findById('frame'))?.endReason).toBe('logout');
        // Only the joined sessions, and not the one kept: the parent stays.
        expect(await storage.openSessions.endJoined('u1', 'frame3', T0, 'password_change')).toBe(1);
        expect([
          (await storage.sessions.findById('frame2'))?.endReason,
          (await storage.sessions.findById('frame3'))?.endedAt,
        ]).toEqual(['password_change', null]);
        expect((await storage.sessions.findById('parent2'))?.endedAt).toBeNull();
      }));

    it('rotates a refresh token only once, and keeps its family', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.sessions.insert(session('s1', 'u1'));
        await storage.refreshTokens.insert({
          id: 'r1',
          sessionId: 's1',
          tokenHash: 'th1',
          parentId: null,
          createdAt: T0,
          expiresAt: T0 + 9,
          rotatedAt: null,
        });
        await storage.refreshTokens.insert({
          id: 'r2',
          sessionId: 's1',
          tokenHash: 'th2',
          parentId: 'r1',
          createdAt: T0,
          expiresAt: T0 + 9,
          rotatedAt: null,
        });
        expect(await storage.refreshTokens.markRotated('r2', T0)).toBe(true);
        expect(await storage.refreshTokens.markRotated('r2', T0)).toBe(false);
        expect(await storage.refreshTokens.findByHash('th2')).toMatchObject({ parentId: 'r1', rotatedAt: T0 });
      }));

    it("keeps the kind, scope and sign-in time of a session, and ends only one user's OAuth sessions of one client", () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        const oauth = session('o1', 'u1', {
          kind: 'oauth',
          oauthClientId: 'shop',
          scope: 'openid profile',
          authTime: T0 - 5_000,
          source: 'oauth',
          amr: ['hwk', 'user', 'mfa'],
          acr: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
        });
        await storage.sessions.insert(oauth);
        // A sign-in to Kirish that carried the OauthClientId header names the client too, but is no OAuth session.
        await storage.sessions.insert(session('k1', 'u1', { oauthClientId: 'shop' }));
        await storage.sessions.insert(
          session('o2', 'u1', { kind: 'oauth', oauthClientId: 'bank', scope: 'openid', authTime: T0 }),
        );
        await storage.sessions.insert(
          session('o3', 'u2', { kind: 'oauth', oauthClientId: 'shop', scope: 'openid', authTime: T0 }),
        );
        expect(await storage.sessions.findById('o1')).toEqual(oauth);
        expect((await storage.sessions.findById('k1'))?.kind).toBe('sso');
        // A sign-in whose way Kirish cannot name keeps no amr: null, not an empty list.
        expect(await storage.sessions.findById('k1')).toMatchObject({ amr: null, acr: null });

        expect(await storage.sessions.endAllForClient('u1', 'shop', T0 + 1, 'grant_revoked')).toBe(1);
        expect(await storage.sessions.endAllForClient('u1', 'shop', T0 + 2, 'grant_revoked')).toBe(0);
        const ended = await Promise.all(
          ['o1', 'k1', 'o2', 'o3'].map(async (id) => [id, (await storage.sessions.findById(id))?.endReason ?? null]),
        );
        expect(ended).toEqual([
          ['o1', 'grant_revoked'],
          ['k1', null],
          ['o2', null],
          ['o3', null],
        ]);
      }));

    it('refuses a session kind it does not know', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await expect(
          storage.sessions.insert(session('s1', 'u1', { kind: 'device' as Session['kind'] })),
        ).rejects.toThrow(/constraint/i);
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

    it('lists every session of an account for its data export, ended and OAuth ones too, the newest first', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.sessions.insert(session('s1', 'u1', { createdAt: T0 }));
        await storage.sessions.insert(
          session('s2', 'u1', {
            createdAt: T0 + 2,
            kind: 'oauth',
            oauthClientId: 'shop',
            scope: 'openid',
            authTime: T0,
          }),
        );
        await storage.sessions.insert(session('s3', 'u1', { createdAt: T0 + 1 }));
        await storage.sessions.insert(session('x1', 'u2', { createdAt: T0 + 3 }));
        await storage.sessions.end('s1', T0 + 5, 'logout');
        const history = await storage.sessionHistory.listByUser('u1');
        expect(history.map((s) => [s.id, s.kind, s.endReason])).toEqual([
          ['s2', 'oauth', null],
          ['s3', 'sso', null],
          ['s1', 'sso', 'logout'],
        ]);
      }));
  });
}
