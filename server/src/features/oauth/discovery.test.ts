/**
 * OpenID discovery, the JWKS, and ID tokens as a client checks them: RS256 against the published
 * keys (jose's createLocalJWKSet, as openid-client does), with the right iss, aud, nonce and sid.
 */
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import { SIGNING_KEY_CACHE_SECONDS } from '../../config/policy.js';
import { useOAuthTests } from '../../test-support/oauth-harness.js';
import { jwtHeader, jwtPayload, LOGOUT, PARTNER_ID } from '../../test-support/oauth.js';
import { V1 } from '../../test-support/test-server.js';

const ISSUER = 'http://localhost:8080';
const site = async () => new Response('the SPA', { headers: { 'content-type': 'text/html' } });
const { server, oauth, spa } = useOAuthTests({ site });
const jwks = async () => (await server.call('GET', '/.well-known/jwks.json')).json as JSONWebKeySet;

describe('GET /.well-known/openid-configuration', () => {
  it('describes the provider as built', async () => {
    const answer = await server.call('GET', '/.well-known/openid-configuration');
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oauth`,
      token_endpoint: `${ISSUER}/sso/api/v1/oauth/token/`,
      userinfo_endpoint: `${ISSUER}/sso/api/v1/oauth/userinfo/`,
      jwks_uri: `${ISSUER}/.well-known/jwks.json`,
      revocation_endpoint: `${ISSUER}/sso/api/v1/oauth/revoke/`,
      end_session_endpoint: `${ISSUER}/sso/api/v1/oauth/logout/`,
      scopes_supported: ['openid', 'profile', 'phone', 'email'],
      response_types_supported: ['code'],
      response_modes_supported: ['query', 'web_message'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      claims_supported: [
        'sub',
        'iss',
        'aud',
        'exp',
        'iat',
        'auth_time',
        'nonce',
        'sid',
        'azp',
        'name',
        'given_name',
        'family_name',
        'phone_number',
        'phone_number_verified',
        'email',
        'email_verified',
        'amr',
        'acr',
      ],
      acr_values_supported: ['http://schemas.openid.net/pape/policies/2007/06/multi-factor'],
      token_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
      authorization_response_iss_parameter_supported: true,
    });
  });

  it('announces no implicit response type, no password grant and no plain PKCE anywhere', async () => {
    const text = (await server.call('GET', '/.well-known/openid-configuration')).text;
    expect(text).not.toMatch(/"token"|"id_token"|password|"plain"|implicit/);
  });

  it('is public, readable from any origin and cacheable for a while', async () => {
    for (const path of ['/.well-known/openid-configuration', '/.well-known/jwks.json']) {
      const answer = await server.call('GET', path, { headers: { origin: 'https://anyone.example' } });
      expect(answer.headers.get('access-control-allow-origin'), path).toBe('*');
      expect(answer.headers.get('cache-control'), path).toBe('public, max-age=300');
    }
  });

  it('is served by the API even when the SPA serves every other path', async () => {
    expect((await server.call('GET', '/oauth')).text).toBe('the SPA');
    expect((await server.call('GET', '/.well-known/openid-configuration')).json.issuer).toBe(ISSUER);
    expect((await server.call('GET', '/.well-known/nothing')).json).toEqual({ errors: [{ error: 'not_found' }] });
  });
});

describe('GET /.well-known/jwks.json', () => {
  it('publishes an RSA key for ID tokens and an Ed25519 key for access tokens, public parts only', async () => {
    const { keys } = await jwks();
    expect(keys.map((key) => [key.kty, key.alg, key.use])).toEqual([
      ['RSA', 'RS256', 'sig'],
      ['OKP', 'EdDSA', 'sig'],
    ]);
    for (const key of keys) {
      expect(key.kid).toEqual(expect.any(String));
      expect(Object.keys(key).filter((name) => ['d', 'p', 'q', 'dp', 'dq', 'qi'].includes(name))).toEqual([]);
    }
  });

  it('keeps its keys across restarts: generated once, kept in the database', async () => {
    const first = await jwks();
    const rows = await server.db.selectFrom('signing_keys').select(['kid', 'alg']).execute();
    expect(rows.map((row) => row.alg).toSorted()).toEqual(['EdDSA', 'RS256']);
    expect(first.keys.map((key) => key.kid).toSorted()).toEqual(rows.map((row) => row.kid).toSorted());
  });

  it('publishes every active key while the newest signs (rotation)', async () => {
    // An older RS256 key and a newer one, as after a rotation, in place of the one made at start;
    // the server reads them once the keys it read at start are SIGNING_KEY_CACHE_SECONDS old.
    await server.db.deleteFrom('signing_keys').where('alg', '=', 'RS256').execute();
    server.clock.advanceSeconds(SIGNING_KEY_CACHE_SECONDS);
    const at = server.clock.now();
    for (const [kid, createdAt] of [
      ['old-key', at - 86_400_000],
      ['new-key', at],
    ] as const) {
      const { privateKey, publicKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
      await server.storage.signingKeys.insert({
        kid,
        alg: 'RS256',
        privateJwk: JSON.stringify(await exportJWK(privateKey)),
        publicJwk: JSON.stringify(await exportJWK(publicKey)),
        createdAt,
        activatesAt: createdAt,
        retiredAt: null,
      });
    }
    const tokens = await oauth.tokens(spa.access);
    expect(jwtHeader(tokens.id_token ?? '').kid).toBe('new-key');
    const published = (await jwks()).keys.filter((key) => key.alg === 'RS256').map((key) => key.kid);
    expect(published).toEqual(['new-key', 'old-key']);
  });
});

describe('ID tokens', () => {
  it('verify against the JWKS with RS256 and carry iss, aud, azp, sub, nonce, sid, auth_time, iat and exp', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid profile phone', nonce: 'n-0S6_WzA2Mj' });
    const { payload, protectedHeader } = await jwtVerify(tokens.id_token ?? '', createLocalJWKSet(await jwks()), {
      issuer: ISSUER,
      audience: PARTNER_ID,
      algorithms: ['RS256'],
      currentDate: new Date(server.clock.now()),
    });
    expect(protectedHeader).toMatchObject({ alg: 'RS256', kid: expect.any(String) });
    const nowSeconds = server.clock.now() / 1000;
    expect(payload).toEqual({
      iss: ISSUER,
      sub: spa.user_uuid,
      aud: PARTNER_ID,
      azp: PARTNER_ID,
      nonce: 'n-0S6_WzA2Mj',
      sid: jwtPayload(tokens.access_token).sid,
      auth_time: nowSeconds,
      // The account was just registered: its contact's one-time code signed it in (services/amr.ts).
      amr: ['otp'],
      iat: nowSeconds,
      exp: nowSeconds + 600,
      given_name: 'Dilnoza',
      family_name: 'Yusupova',
      name: 'Dilnoza Yusupova',
      phone_number: '+998901112233',
      phone_number_verified: true,
    });
  });

  it("name as sid the OAuth session, not the sign-in to Kirish, and as auth_time that sign-in's time", async () => {
    server.clock.advanceSeconds(120);
    const tokens = await oauth.tokens(spa.access);
    const claims = jwtPayload(tokens.id_token ?? '');
    expect(claims.sid).not.toBe(spa.session);
    expect(claims.auth_time).toBe(server.clock.now() / 1000 - 120);
  });

  it('leave out the nonce when the request had none', async () => {
    const tokens = await oauth.tokens(spa.access, { nonce: undefined });
    expect(jwtPayload(tokens.id_token ?? '')).not.toHaveProperty('nonce');
  });

  it("are not access tokens: the SPA's API and userinfo refuse one", async () => {
    const tokens = await oauth.tokens(spa.access);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: tokens.id_token ?? '' })).status).toBe(401);
    expect((await oauth.userinfo(tokens.id_token ?? '')).status).toBe(401);
  });

  it('cannot be forged with another key: logout refuses a hint signed by a stranger', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const kid = jwtHeader((await oauth.tokens(spa.access)).id_token ?? '').kid as string;
    const forged = await new SignJWT({ sid: 'x' })
      .setProtectedHeader({ alg: 'RS256', kid })
      .setIssuer(ISSUER)
      .setSubject(spa.user_uuid)
      .setAudience(PARTNER_ID)
      .sign(privateKey);
    const answer = await server.call('GET', `${LOGOUT}?id_token_hint=${forged}`);
    expect([answer.status, answer.json]).toEqual([
      400,
      { errors: [{ error: 'invalid_id_token_hint', field: 'id_token_hint' }] },
    ]);
  });
});
