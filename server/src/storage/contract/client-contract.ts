/**
 * What the OAuth part (kysely-client-storage.ts) promises: clients kept field for field,
 * authorization codes used once, consent remembered per scope.
 * Run against every database by storage-contract.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { session, T0, user, type OpenStorage, usingStorage } from './contract-records.js';
import type { AuthorizationCode, OAuthClient } from '../storage.js';
import { testClient } from '../../test-support/clients.js';

function client(id: string, overrides: Partial<OAuthClient> = {}): OAuthClient {
  return testClient(T0, {
    id,
    name: 'Test Shop',
    redirectUris: ['https://shop.example.uz/callback'],
    postLogoutRedirectUris: ['https://shop.example.uz/'],
    webOrigins: ['https://shop.example.uz'],
    scopes: ['openid', 'profile'],
    ...overrides,
  });
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
    amr: ['pwd', 'otp', 'mfa'],
    acr: 'http://schemas.openid.net/pape/policies/2007/06/multi-factor',
    ...overrides,
  };
}

const grantSummary = (grants: Array<{ clientId: string; scope: string; createdAt: number }>) =>
  grants.map((g) => [g.clientId, g.scope, g.createdAt]);

export function describeClientStorage(name: string, open: OpenStorage) {
  const withStorage = usingStorage(open);

  describe(`the ${name} storage's OAuth clients`, () => {
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
          kind: 'confidential',
          secretHash: 'sha256-of-the-secret',
          firstParty: true,
          redirectUris: [],
          postLogoutRedirectUris: [],
          webOrigins: [],
          scopes: [],
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
        await expect(storage.clients.upsert(client('spa', { kind: 'public', secretHash: 'h' }))).rejects.toThrow(
          /constraint/i,
        );
        await expect(storage.clients.upsert(client('odd', { kind: 'native' as OAuthClient['kind'] }))).rejects.toThrow(
          /constraint/i,
        );
        expect(await storage.clients.find('spa')).toBeUndefined();
        expect(await storage.clients.find('odd')).toBeUndefined();
      }));

    it('lists every client, in the order of their ids', () =>
      withStorage(async (storage) => {
        expect(await storage.clients.list()).toEqual([]);
        await storage.clients.upsert(client('shop'));
        await storage.clients.upsert(client('bank', { name: 'Bank' }));
        expect((await storage.clients.list()).map((c) => [c.id, c.name])).toEqual([
          ['bank', 'Bank'],
          ['shop', 'Test Shop'],
        ]);
      }));

    it("keeps an app's owner, policy pages and secret time, and lists and counts an owner's apps, the oldest first", () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.users.insert(user('u2'));
        const first = client('app-b', {
          ownerId: 'u1',
          privacyPolicyUrl: 'https://shop.example.uz/privacy',
          termsUrl: 'https://shop.example.uz/terms',
          kind: 'confidential',
          secretHash: 'h',
          secretCreatedAt: T0 + 5,
        });
        await storage.clients.upsert(first);
        await storage.clients.upsert(client('app-a', { ownerId: 'u1', createdAt: T0 + 10, updatedAt: T0 + 10 }));
        await storage.clients.upsert(client('app-c', { ownerId: 'u2' }));
        await storage.clients.upsert(client('seeded'));
        expect(await storage.clients.find('app-b')).toEqual(first);
        expect((await storage.clients.listByOwner('u1')).map((c) => c.id)).toEqual(['app-b', 'app-a']);
        expect((await storage.clients.listByOwner('u2')).map((c) => c.id)).toEqual(['app-c']);
        expect(await storage.clients.listByOwner('nobody')).toEqual([]);
        expect([
          await storage.clients.countByOwner('u1'),
          await storage.clients.countByOwner('u2'),
          await storage.clients.countByOwner('nobody'),
        ]).toEqual([2, 1, 0]);
      }));

    it('removes a client with its codes and grants and ends its OAuth sessions, leaving everything else alone', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.clients.upsert(client('shop'));
        await storage.clients.upsert(client('bank'));
        await storage.authorizationCodes.insert(authorizationCode('a1'));
        await storage.authorizationCodes.insert(authorizationCode('a2', { clientId: 'bank' }));
        await storage.grants.insert('u1', 'shop', ['openid'], T0);
        await storage.grants.insert('u1', 'bank', ['openid'], T0);
        await storage.sessions.insert(session('o1', 'u1', { kind: 'oauth', oauthClientId: 'shop', scope: 'openid' }));
        await storage.sessions.insert(session('o2', 'u1', { kind: 'oauth', oauthClientId: 'bank', scope: 'openid' }));
        // A sign-in to Kirish that started on the app's page names it too, and is not the app's to end.
        await storage.sessions.insert(session('s1', 'u1', { oauthClientId: 'shop' }));

        expect(await storage.clients.remove('shop', T0 + 7, 'client_deleted')).toBe(true);
        expect(await storage.clients.remove('shop', T0 + 8, 'client_deleted')).toBe(false);
        expect(await storage.clients.find('shop')).toBeUndefined();
        expect(await storage.authorizationCodes.findByHash('hash-of-a1')).toBeUndefined();
        expect(await storage.authorizationCodes.findByHash('hash-of-a2')).toBeDefined();
        expect(grantSummary(await storage.grants.listByUser('u1'))).toEqual([['bank', 'openid', T0]]);
        const ends = async (id: string) => {
          const found = await storage.sessions.findById(id);
          return [found?.endedAt, found?.endReason];
        };
        expect(await ends('o1')).toEqual([T0 + 7, 'client_deleted']);
        expect(await ends('o2')).toEqual([null, null]);
        expect(await ends('s1')).toEqual([null, null]);
      }));

    it('finds an authorization code by its hash with every field, and marks it used once, by one session', () =>
      withStorage(async (storage) => {
        await storage.users.insert(user('u1'));
        await storage.clients.upsert(client('shop'));
        const code = authorizationCode('a1');
        await storage.authorizationCodes.insert(code);
        await storage.authorizationCodes.insert(
          authorizationCode('a2', { codeChallenge: null, codeChallengeMethod: null, nonce: null }),
        );
        expect(await storage.authorizationCodes.findByHash('hash-of-a1')).toEqual(code);
        expect((await storage.authorizationCodes.findByHash('hash-of-a2'))?.codeChallenge).toBeNull();
        expect(await storage.authorizationCodes.findByHash('a1')).toBeUndefined();

        expect(await storage.authorizationCodes.markUsed('a1', T0 + 5, 'first')).toBe(true);
        expect(await storage.authorizationCodes.markUsed('a1', T0 + 6, 'second')).toBe(false);
        expect(await storage.authorizationCodes.findByHash('hash-of-a1')).toEqual({
          ...code,
          usedAt: T0 + 5,
          sessionId: 'first',
        });
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
        await expect(
          storage.authorizationCodes.insert(authorizationCode('a2', { codeHash: 'hash-of-a1' })),
        ).rejects.toThrow(/unique/i);
        await expect(
          storage.authorizationCodes.insert(authorizationCode('a3', { codeChallengeMethod: 'plain' })),
        ).rejects.toThrow(/constraint/i);
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
        expect(await storage.grants.listByUser('u2')).toEqual([
          { userId: 'u2', clientId: 'shop', scope: 'openid', createdAt: T0 + 30 },
        ]);

        expect(await storage.grants.remove('u1', 'shop')).toBe(3);
        expect(await storage.grants.remove('u1', 'shop')).toBe(0);
        expect(grantSummary(await storage.grants.listByUser('u1'))).toEqual([['bank', 'openid', T0 + 20]]);
        expect(await storage.grants.listForClient('u2', 'shop')).toHaveLength(1);
      }));
  });
}
