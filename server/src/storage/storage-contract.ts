/**
 * The behaviour every Storage implementation must have, as one suite that each database runs
 * (lucia's adapter-test idea): SQLite today in sqlite-storage.test.ts, PostgreSQL when it comes.
 * It tests the promises the services rely on — single-use updates, ordering, atomicity.
 */
import { describe, expect, it } from 'vitest';
import type { Address } from './personal-storage.js';
import { T0, session, user, type OpenStorage, usingStorage } from './contract-records.js';
import type { Session, User } from './records.js';
import type { AuthorizationCode, OAuthClient } from './storage.js';


function client(id: string, overrides: Partial<OAuthClient> = {}): OAuthClient {
  return {
    id,
    name: 'Test Shop',
    logoUrl: null,
    homePage: null,
    redirectUris: ['https://shop.example.uz/callback'],
    postLogoutRedirectUris: ['https://shop.example.uz/'],
    webOrigins: ['https://shop.example.uz'],
    scopes: ['openid', 'profile'],
    firstParty: false,
    kind: 'public',
    secretHash: null,
    createdAt: T0,
    updatedAt: T0,
    ...overrides,
  };
}

function authorizationCode(id: string, overrides: Partial<AuthorizationCode> = {}): AuthorizationCode {
  return {
    id,
    codeHash: `hash-of-${id}`,
    clientId: 'shop',
    userId: 'u1',
    redirectUri: 'https://shop.example.uz/callback?from=login',
    scope: 'openid profile',
    codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    codeChallengeMethod: 'S256',
    nonce: 'n-0S6_WzA2Mj',
    ssoSessionId: 's1',
    authTime: T0 - 60_000,
    createdAt: T0,
    expiresAt: T0 + 60_000,
    usedAt: null,
    sessionId: null,
    ...overrides,
  };
}

function address(id: string, userId: string, createdAt: number, isDefault = false): Address {
  return {
    id, userId, label: null, region: 'tashkent-city', district: 'yunusabad', street: 'Amir Temur', house: '1',
    apartment: null, postalCode: null, isDefault, createdAt, updatedAt: createdAt,
  };
}

const grantSummary = (grants: Array<{ clientId: string; scope: string; createdAt: number }>) => grants.map((g) => [g.clientId, g.scope, g.createdAt]);

export function describeStorageContract(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage`, () => {
    it('finds users by id and phone, and by e-mail only when verified', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { phone: '+998901234567', email: 'a@b.uz', emailVerified: true }));
        await storage.users.insert(user('u2', { email: 'c@d.uz' }));
        expect((await storage.users.findById('u1'))?.phone).toBe('+998901234567');
        expect((await storage.users.findByPhone('+998901234567'))?.id).toBe('u1');
        expect((await storage.users.findByVerifiedEmail('a@b.uz'))?.emailVerified).toBe(true);
        expect(await storage.users.findByVerifiedEmail('c@d.uz')).toBeUndefined();
      }));

    it('refuses a second account with the same phone or the same verified e-mail, not an unverified one', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { phone: '+998901234567', email: 'a@b.uz', emailVerified: true }));
        await expect(storage.users.insert(user('u2', { phone: '+998901234567' }))).rejects.toThrow(/unique/i);
        await expect(storage.users.insert(user('u3', { email: 'a@b.uz', emailVerified: true }))).rejects.toThrow(/unique/i);
        await storage.users.insert(user('u4', { email: 'a@b.uz' }));
        await storage.users.insert(user('u5', { email: 'a@b.uz' }));
        await storage.users.releaseUnverifiedEmail('a@b.uz', T0);
        expect((await storage.users.findById('u4'))?.email).toBeNull();
        expect((await storage.users.findById('u1'))?.email).toBe('a@b.uz');
      }));

    it('undoes every write of a transaction that throws', () =>
      withStorage(async (storage) => {
        await expect(
          storage.transaction(async (tx) => {
            await tx.users.insert(user('u1'));
            throw new Error('refused');
          }),
        ).rejects.toThrow('refused');
        expect(await storage.users.findById('u1')).toBeUndefined();
      }));

    it('closes a code, uses a proof and rotates a token only once', () =>
      withStorage(async (storage) => {
        await storage.codes.insert({
          id: 'c1', purpose: 'login_sms_verification', contactType: 'phone', contact: '+998901234567', codeHash: 'h',
          channel: 'sms', ip: 'ip', createdAt: T0, expiresAt: T0 + 1, attempts: 0, closedAt: null, closeReason: null,
        });
        expect(await storage.codes.takeAttempt('c1', 5)).toBe(1);
        expect(await storage.codes.takeAttempt('c1', 5)).toBe(2);
        expect(await storage.codes.close('c1', T0, 'used')).toBe(true);
        expect(await storage.codes.close('c1', T0, 'used')).toBe(false);
        expect((await storage.codes.latest('+998901234567', 'login_sms_verification'))?.closeReason).toBe('used');

        await storage.verifications.insert({
          id: 'v1', requestHash: 'rh', purpose: 'p', contactType: 'phone', contact: 'c', createdAt: T0, expiresAt: T0 + 1, usedAt: null, userId: null,
        });
        expect(await storage.verifications.markUsed('v1', T0)).toBe(true);
        expect(await storage.verifications.markUsed('v1', T0)).toBe(false);

        await storage.users.insert(user('u1'));
        await storage.sessions.insert(session('s1', 'u1'));
        await storage.refreshTokens.insert({ id: 'r1', sessionId: 's1', tokenHash: 'th1', parentId: null, createdAt: T0, expiresAt: T0 + 9, rotatedAt: null });
        await storage.refreshTokens.insert({ id: 'r2', sessionId: 's1', tokenHash: 'th2', parentId: 'r1', createdAt: T0, expiresAt: T0 + 9, rotatedAt: null });
        expect(await storage.refreshTokens.markRotated('r2', T0)).toBe(true);
        expect(await storage.refreshTokens.markRotated('r2', T0)).toBe(false);
        expect(await storage.refreshTokens.findByHash('th2')).toMatchObject({ parentId: 'r1', rotatedAt: T0 });
      }));

    it('counts codes per contact and per address since a moment', () =>
      withStorage(async (storage) => {
        for (const [id, contact, ip, at] of [['a', 'x', '1', T0], ['b', 'x', '2', T0 + 10], ['c', 'y', '1', T0 + 20]] as const) {
          await storage.codes.insert({
            id, purpose: 'p', contactType: 'phone', contact, codeHash: 'h', channel: 'sms', ip, createdAt: at, expiresAt: at + 1,
            attempts: 0, closedAt: null, closeReason: null,
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

    it('ends sessions once, all of a user\'s at a time, and lists a device\'s accounts newest first', () =>
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

    it('finds a client by id with every field as it was stored, and nothing for an unknown id', () =>
      withStorage(async (storage) => {
        const shop = client('shop', {
          logoUrl: 'https://shop.example.uz/logo.png',
          homePage: 'https://shop.example.uz/',
          redirectUris: ['https://shop.example.uz/callback', 'https://shop.example.uz/callback?x=1'],
          webOrigins: ['https://shop.example.uz', 'http://127.0.0.1:8081'],
          scopes: ['openid', 'profile', 'phone', 'email'],
        });
        const bank = client('bank', {
          kind: 'confidential', secretHash: 'sha256-of-the-secret', firstParty: true, redirectUris: [], postLogoutRedirectUris: [], webOrigins: [], scopes: [],
        });
        await storage.clients.upsert(shop);
        await storage.clients.upsert(bank);
        expect(await storage.clients.find('shop')).toEqual(shop);
        expect(await storage.clients.find('bank')).toEqual(bank);
        expect(await storage.clients.find('SHOP')).toBeUndefined();
        expect(await storage.clients.find('')).toBeUndefined();
      }));

    it('replaces every field of a client on upsert but keeps the time it was first stored', () =>
      withStorage(async (storage) => {
        await storage.clients.upsert(client('shop', { webOrigins: ['http://127.0.0.1:8081'] }));
        const changedClient = client('shop', {
          name: 'Renamed Shop',
          homePage: 'http://127.0.0.1:9091/',
          redirectUris: ['http://127.0.0.1:9091/callback'],
          postLogoutRedirectUris: ['http://127.0.0.1:9091/', 'http://127.0.0.1:9091/bye'],
          webOrigins: ['http://127.0.0.1:9091'],
          scopes: ['openid'],
          firstParty: true,
          createdAt: T0 + 60_000,
          updatedAt: T0 + 60_000,
        });
        await storage.clients.upsert(changedClient);
        expect(await storage.clients.find('shop')).toEqual({ ...changedClient, createdAt: T0 });
      }));

    it('refuses to record a secret for a public client, or a kind it does not know', () =>
      withStorage(async (storage) => {
        await expect(storage.clients.upsert(client('spa', { kind: 'public', secretHash: 'h' }))).rejects.toThrow(/constraint/i);
        await expect(storage.clients.upsert(client('odd', { kind: 'native' as OAuthClient['kind'] }))).rejects.toThrow(/constraint/i);
        expect(await storage.clients.find('spa')).toBeUndefined();
        expect(await storage.clients.find('odd')).toBeUndefined();
      }));

    it('lists every client, in the order of their ids', () =>
      withStorage(async (storage) => {
        expect(await storage.clients.list()).toEqual([]);
        await storage.clients.upsert(client('shop'));
        await storage.clients.upsert(client('bank', { name: 'Bank' }));
        expect((await storage.clients.list()).map((c) => [c.id, c.name])).toEqual([['bank', 'Bank'], ['shop', 'Test Shop']]);
      }));

    it('keeps the kind, scope and sign-in time of a session, and ends only one user\'s OAuth sessions of one client', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        const oauth = session('o1', 'u1', { kind: 'oauth', oauthClientId: 'shop', scope: 'openid profile', authTime: T0 - 5_000, source: 'oauth' });
        await storage.sessions.insert(oauth);
        // A sign-in to Kirish that carried the OauthClientId header names the client too, but is no OAuth session.
        await storage.sessions.insert(session('k1', 'u1', { oauthClientId: 'shop' }));
        await storage.sessions.insert(session('o2', 'u1', { kind: 'oauth', oauthClientId: 'bank', scope: 'openid', authTime: T0 }));
        await storage.sessions.insert(session('o3', 'u2', { kind: 'oauth', oauthClientId: 'shop', scope: 'openid', authTime: T0 }));
        expect(await storage.sessions.findById('o1')).toEqual(oauth);
        expect((await storage.sessions.findById('k1'))?.kind).toBe('sso');

        expect(await storage.sessions.endAllForClient('u1', 'shop', T0 + 1, 'grant_revoked')).toBe(1);
        expect(await storage.sessions.endAllForClient('u1', 'shop', T0 + 2, 'grant_revoked')).toBe(0);
        const ended = await Promise.all(['o1', 'k1', 'o2', 'o3'].map(async (id) => [id, (await storage.sessions.findById(id))?.endReason ?? null]));
        expect(ended).toEqual([['o1', 'grant_revoked'], ['k1', null], ['o2', null], ['o3', null]]);
      }));

    it('refuses a session kind it does not know', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await expect(storage.sessions.insert(session('s1', 'u1', { kind: 'device' as Session['kind'] }))).rejects.toThrow(/constraint/i);
      }));

    it('finds an authorization code by its hash with every field, and marks it used once, by one session', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.clients.upsert(client('shop'));
        const code = authorizationCode('a1');
        await storage.authorizationCodes.insert(code);
        await storage.authorizationCodes.insert(authorizationCode('a2', { codeChallenge: null, codeChallengeMethod: null, nonce: null }));
        expect(await storage.authorizationCodes.findByHash('hash-of-a1')).toEqual(code);
        expect((await storage.authorizationCodes.findByHash('hash-of-a2'))?.codeChallenge).toBeNull();
        expect(await storage.authorizationCodes.findByHash('a1')).toBeUndefined();

        expect(await storage.authorizationCodes.markUsed('a1', T0 + 5, 'first')).toBe(true);
        expect(await storage.authorizationCodes.markUsed('a1', T0 + 6, 'second')).toBe(false);
        expect(await storage.authorizationCodes.findByHash('hash-of-a1')).toEqual({ ...code, usedAt: T0 + 5, sessionId: 'first' });
      }));

    it('tells whether a sign-in has authorized a code for a client yet', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.clients.upsert(client('shop'));
        await storage.clients.upsert(client('bank'));
        expect(await storage.authorizationCodes.issuedInSignIn('s1', 'shop')).toBe(false);
        await storage.authorizationCodes.insert(authorizationCode('a1'));
        expect(await storage.authorizationCodes.issuedInSignIn('s1', 'shop')).toBe(true);
        expect(await storage.authorizationCodes.issuedInSignIn('s1', 'bank')).toBe(false);
        expect(await storage.authorizationCodes.issuedInSignIn('s2', 'shop')).toBe(false);
      }));

    it('refuses a second code with the same hash, and a challenge method other than S256', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.clients.upsert(client('shop'));
        await storage.authorizationCodes.insert(authorizationCode('a1'));
        await expect(storage.authorizationCodes.insert(authorizationCode('a2', { codeHash: 'hash-of-a1' }))).rejects.toThrow(/unique/i);
        await expect(storage.authorizationCodes.insert(authorizationCode('a3', { codeChallengeMethod: 'plain' }))).rejects.toThrow(/constraint/i);
      }));

    it('records consent once per user, client and scope, keeps the first time, lists it and forgets it per client', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.clients.upsert(client('shop'));
        await storage.clients.upsert(client('bank'));
        await storage.grants.insert('u1', 'shop', ['openid', 'profile'], T0);
        await storage.grants.insert('u1', 'shop', ['profile', 'email'], T0 + 10);
        await storage.grants.insert('u1', 'bank', ['openid'], T0 + 20);
        await storage.grants.insert('u2', 'shop', ['openid'], T0 + 30);
        await storage.grants.insert('u2', 'shop', [], T0 + 40);
        expect(grantSummary(await storage.grants.listForClient('u1', 'shop'))).toEqual([
          ['shop', 'openid', T0],
          ['shop', 'profile', T0],
          ['shop', 'email', T0 + 10],
        ]);
        expect(grantSummary(await storage.grants.listByUser('u1'))).toEqual([
          ['shop', 'openid', T0],
          ['shop', 'profile', T0],
          ['shop', 'email', T0 + 10],
          ['bank', 'openid', T0 + 20],
        ]);
        expect(await storage.grants.listByUser('u2')).toEqual([{ userId: 'u2', clientId: 'shop', scope: 'openid', createdAt: T0 + 30 }]);

        expect(await storage.grants.remove('u1', 'shop')).toBe(3);
        expect(await storage.grants.remove('u1', 'shop')).toBe(0);
        expect(grantSummary(await storage.grants.listByUser('u1'))).toEqual([['bank', 'openid', T0 + 20]]);
        expect(await storage.grants.listForClient('u2', 'shop')).toHaveLength(1);
      }));

    it('keeps throttle state, outbox order and server secrets', () =>
      withStorage(async (storage) => {
        expect(await storage.throttle.settleFailure('account', 'k', T0)).toBe(1);
        expect(await storage.throttle.settleFailure('account', 'k', T0 + 1)).toBe(2);
        await storage.throttle.lockUntil('account', 'k', T0 + 30);
        expect(await storage.throttle.get('account', 'k')).toEqual({
          scope: 'account', key: 'k', failures: 2, lastFailureAt: T0 + 1, lockedUntil: T0 + 30, pending: 0, pendingUntil: null,
        });
        await storage.throttle.remove('account', 'k');
        expect(await storage.throttle.get('account', 'k')).toBeUndefined();

        await storage.outbox.add({ id: 'm1', channel: 'sms', recipient: 'r', code: '1', text: 't', createdAt: T0 });
        await storage.outbox.add({ id: 'm2', channel: 'email', recipient: 'r', code: '2', text: 't', createdAt: T0 + 1 });
        expect((await storage.outbox.list(10)).map((m) => m.id)).toEqual(['m2', 'm1']);

        const first = await storage.secrets.getOrCreate('s', () => 'one', T0);
        const second = await storage.secrets.getOrCreate('s', () => 'two', T0);
        expect([first, second]).toEqual(['one', 'one']);
      }));

    it('keeps every personal field of an account, changes only the given ones, and finds it by username', () =>
      withStorage(async (storage) => {
        const full = user('u1', {
          middleName: 'Rustamovna', username: 'gulnora', birthDate: '1990-02-28', gender: 'female', photo: 'avatars/a.webp',
          verificationStatus: 'in_moderation', secondaryPhone: '+998907654321', secondaryEmail: 'g@b.uz', inactivatedAt: T0, eraseAt: T0 + 9,
        });
        await storage.users.insert(full);
        expect(await storage.users.findById('u1')).toEqual(full);

        await storage.profiles.update('u1', { firstName: 'Gulnora', middleName: null, gender: 'male' }, T0 + 5);
        expect(await storage.users.findById('u1')).toEqual({ ...full, firstName: 'Gulnora', middleName: null, gender: 'male', updatedAt: T0 + 5 });
        expect((await storage.profiles.findByUsername('gulnora'))?.id).toBe('u1');
        expect(await storage.profiles.findByUsername('GULNORA')).toBeUndefined();
        await storage.profiles.update('u1', { username: null, photo: null }, T0 + 6);
        expect(await storage.profiles.findByUsername('gulnora')).toBeUndefined();
        expect((await storage.users.findById('u1'))?.photo).toBeNull();
      }));

    it('refuses a username another account holds, a gender or status it does not know; many accounts have none', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1', { username: 'dilnoza' }));
        await storage.users.insert(user('u2'));
        await storage.users.insert(user('u3'));
        await expect(storage.profiles.update('u2', { username: 'dilnoza' }, T0)).rejects.toThrow(/unique/i);
        await expect(storage.profiles.update('u2', { gender: 'other' as User['gender'] }, T0)).rejects.toThrow(/constraint/i);
        await expect(storage.users.insert(user('u4', { verificationStatus: 'pending' as User['verificationStatus'] }))).rejects.toThrow(/constraint/i);
      }));

    it('keeps addresses per account: found, changed and deleted only through their owner, the default first, then the newest', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        const a1 = { ...address('a1', 'u1', T0, true), label: 'Uy', apartment: '7', postalCode: '100084' };
        await storage.addresses.insert(a1);
        await storage.addresses.insert(address('a2', 'u1', T0 + 1));
        await storage.addresses.insert(address('a3', 'u1', T0 + 2));
        await storage.addresses.insert(address('b1', 'u2', T0 + 3, true));
        expect(await storage.addresses.find('u1', 'a1')).toEqual(a1);
        expect(await storage.addresses.find('u2', 'a1')).toBeUndefined();
        expect((await storage.addresses.listByUser('u1')).map((a) => a.id)).toEqual(['a1', 'a3', 'a2']);
        expect(await storage.addresses.countByUser('u1')).toBe(3);
        expect(await storage.addresses.countByUser('u2')).toBe(1);

        await storage.addresses.update({ ...a1, userId: 'u2', street: 'Stolen' });
        expect((await storage.addresses.find('u1', 'a1'))?.street).toBe('Amir Temur');
        await storage.addresses.update({ ...a1, street: 'Navoiy', updatedAt: T0 + 10 });
        expect(await storage.addresses.find('u1', 'a1')).toEqual({ ...a1, street: 'Navoiy', updatedAt: T0 + 10 });

        await storage.addresses.setDefault('u1', 'a2', T0 + 20);
        expect((await storage.addresses.listByUser('u1')).map((a) => [a.id, a.isDefault])).toEqual([['a2', true], ['a3', false], ['a1', false]]);
        expect((await storage.addresses.find('u1', 'a1'))?.updatedAt).toBe(T0 + 20);
        expect((await storage.addresses.find('u2', 'b1'))?.isDefault).toBe(true);

        expect(await storage.addresses.remove('u2', 'a2')).toBe(false);
        expect(await storage.addresses.remove('u1', 'a2')).toBe(true);
        expect(await storage.addresses.remove('u1', 'a2')).toBe(false);
        expect(await storage.addresses.countByUser('u1')).toBe(2);
      }));

    it('refuses a second default address for one account', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.addresses.insert(address('a1', 'u1', T0, true));
        await expect(storage.addresses.insert(address('a2', 'u1', T0 + 1, true))).rejects.toThrow(/unique/i);
        await storage.addresses.insert(address('a3', 'u1', T0 + 2));
      }));

    it('lists every session of an account for its data export, ended and OAuth ones too, the newest first', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        await storage.sessions.insert(session('s1', 'u1', { createdAt: T0 }));
        await storage.sessions.insert(session('s2', 'u1', { createdAt: T0 + 2, kind: 'oauth', oauthClientId: 'shop', scope: 'openid', authTime: T0 }));
        await storage.sessions.insert(session('s3', 'u1', { createdAt: T0 + 1 }));
        await storage.sessions.insert(session('x1', 'u2', { createdAt: T0 + 3 }));
        await storage.sessions.end('s1', T0 + 5, 'logout');
        const history = await storage.sessionHistory.listByUser('u1');
        expect(history.map((s) => [s.id, s.kind, s.endReason])).toEqual([['s2', 'oauth', null], ['s3', 'sso', null], ['s1', 'sso', 'logout']]);
      }));
  });
}
