/**
 * The authorization endpoint as the SPA's consent page calls it (POST /oauth/authorize/), and the
 * client information it shows (GET /oauth/app_info/): RFC 6749 §4.1, RFC 7636, RFC 9207, RFC 9700.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/secrets.js';
import { redirectOf, errorOf, useOAuthTests } from '../../test-support/oauth-harness.js';
import {
  AUTHORIZE,
  BANK_ID,
  BANK_REDIRECT,
  OTHER_ID,
  PARTNER_ID,
  PARTNER_ORIGIN,
  PARTNER_REDIRECT,
  pkcePair,
} from '../../test-support/oauth.js';
import { V1 } from '../../test-support/test-server.js';

const { server, oauth, spa, codeRows } = useOAuthTests();
const pkce = pkcePair();
const ISSUER = 'http://localhost:8080';
const authorize = (overrides: Record<string, unknown> = {}) =>
  oauth.authorize(spa.access, oauth.request(pkce.challenge, overrides));
const allow = (overrides: Record<string, unknown> = {}) => authorize({ consent: 'allow', ...overrides });

describe('GET /oauth/app_info/', () => {
  it('tells the consent screen who the client is and which scopes it may ask for', async () => {
    const answer = await server.call('GET', `${V1}/oauth/app_info/?client_id=${PARTNER_ID}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      client_id: 'partner-shop',
      name: 'Partner Shop',
      logo_url: 'https://shop.example.uz/logo.png',
      home_page: 'https://shop.example.uz/',
      privacy_policy_url: null,
      terms_url: null,
      first_party: false,
      scopes: ['openid', 'profile', 'phone', 'email'],
    });
    // Nothing of the registry's secrets or addresses.
    expect(answer.text).not.toContain('callback');
  });

  it.each([
    ['an unknown client', 'client_id=nobody'],
    ['an empty client_id', 'client_id='],
    ['no client_id', ''],
    ['client_id twice', `client_id=${PARTNER_ID}&client_id=${PARTNER_ID}`],
  ])('answers %s with 400 invalid_client, never a 500', async (_name, query) => {
    const answer = await server.call('GET', `${V1}/oauth/app_info/?${query}`);
    expect([answer.status, answer.json]).toEqual([400, { errors: [{ error: 'invalid_client', field: 'client_id' }] }]);
  });
});

describe('who may authorize', () => {
  it("needs the signed-in user's token", async () => {
    const answer = await server.post(AUTHORIZE, oauth.request(pkce.challenge));
    expect([answer.status, answer.json.code]).toEqual([401, 'not_authenticated']);
  });

  it('refuses a deactivated account with 403 account_inactive', async () => {
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', spa.user_uuid).execute();
    const answer = await allow();
    expect([answer.status, answer.json]).toEqual([403, { errors: [{ error: 'account_inactive' }] }]);
    expect(await codeRows()).toEqual([]);
  });

  it("refuses a partner's OAuth access token: only the SPA's own token authorizes", async () => {
    const partnerTokens = await oauth.tokens(spa.access);
    const answer = await oauth.authorize(partnerTokens.access_token, oauth.request(pkce.challenge));
    expect([answer.status, answer.json.code]).toEqual([401, 'token_not_valid']);
  });
});

describe('the client and the redirect URI (never redirected to when wrong, RFC 6749 §4.1.2.1)', () => {
  it('answers an unknown client with 400 invalid_client and no redirect', async () => {
    const answer = await authorize({ client_id: 'evil-shop', redirect_uri: 'https://evil.example/callback' });
    expect([answer.status, answer.json]).toEqual([400, { errors: [{ error: 'invalid_client', field: 'client_id' }] }]);
  });

  it.each([
    ['a trailing slash', `${PARTNER_REDIRECT}/`],
    ['another case in the path', 'https://shop.example.uz/Callback'],
    ['another case in the host', 'https://SHOP.example.uz/callback'],
    ['an extra query', `${PARTNER_REDIRECT}?next=/admin`],
    ['another port', 'https://shop.example.uz:8443/callback'],
    ['the default port written out', 'https://shop.example.uz:443/callback'],
    ['a fragment', `${PARTNER_REDIRECT}#x`],
    ['http instead of https', 'http://shop.example.uz/callback'],
    ['a longer path', `${PARTNER_REDIRECT}/evil`],
    ['another host that starts the same', 'https://shop.example.uz.evil.example/callback'],
    ['a registered URI without its query', `${PARTNER_ORIGIN}/return`],
    ["another client's URI", 'https://other.example.uz/callback'],
    ['none at all', ''],
  ])(
    'refuses a redirect_uri that differs by %s with 400 invalid_redirect_uri, and no redirect',
    async (_name, redirectUri) => {
      const answer = await allow({ redirect_uri: redirectUri });
      expect([answer.status, answer.json]).toEqual([
        400,
        { errors: [{ error: 'invalid_redirect_uri', field: 'redirect_uri' }] },
      ]);
      expect(await codeRows()).toEqual([]);
    },
  );

  it('judges the redirect URI before anything else of the request: a bad one is never used even to report an error', async () => {
    const answer = await authorize({
      redirect_uri: 'https://evil.example/callback',
      response_type: 'token',
      state: '',
      scope: 'admin',
    });
    expect([answer.status, answer.json]).toEqual([
      400,
      { errors: [{ error: 'invalid_redirect_uri', field: 'redirect_uri' }] },
    ]);
  });

  it('keeps the query a registered redirect URI has, and adds code, state and iss to it', async () => {
    const url = redirectOf(await allow({ redirect_uri: `${PARTNER_ORIGIN}/return?from=kirish` }));
    expect(`${url.origin}${url.pathname}`).toBe(`${PARTNER_ORIGIN}/return`);
    expect([...url.searchParams.keys()]).toEqual(['from', 'code', 'state', 'iss']);
    expect(url.searchParams.get('from')).toBe('kirish');
  });
});

describe('the authorization response (RFC 6749 §4.1.2, RFC 9207)', () => {
  const STATE = 'a b&c=d/é+%26#?x=1';

  it('redirects with a code of at least 128 bits, the exact state and the issuer', async () => {
    const url = redirectOf(await allow({ state: STATE }));
    expect(`${url.origin}${url.pathname}`).toBe(PARTNER_REDIRECT);
    expect([...url.searchParams.keys()]).toEqual(['code', 'state', 'iss']);
    expect(url.searchParams.get('state')).toBe(STATE);
    expect(url.searchParams.get('iss')).toBe(ISSUER);
    expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('carries the exact state and the issuer on an error too', async () => {
    const url = redirectOf(await authorize({ state: STATE, response_type: 'token' }));
    expect(url.searchParams.get('error')).toBe('unsupported_response_type');
    expect(url.searchParams.get('error_description')).toEqual(expect.any(String));
    expect(url.searchParams.get('state')).toBe(STATE);
    expect(url.searchParams.get('iss')).toBe(ISSUER);
    expect(url.searchParams.has('code')).toBe(false);
  });

  it('carries the exact state and the issuer on a denial', async () => {
    const url = redirectOf(await authorize({ state: STATE, consent: 'deny' }));
    expect([url.searchParams.get('error'), url.searchParams.get('state'), url.searchParams.get('iss')]).toEqual([
      'access_denied',
      STATE,
      ISSUER,
    ]);
  });

  it('answers a widget (response_mode=web_message) with a message for the parent origin: code, exact state and issuer', async () => {
    const answer = await allow({ response_mode: 'web_message', redirect_uri: PARTNER_ORIGIN, state: STATE });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      response: { code: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), state: STATE, iss: ISSUER },
    });
    expect((await codeRows())[0]?.redirect_uri).toBe(PARTNER_ORIGIN);
  });

  it("answers a widget's error as a message too", async () => {
    const answer = await authorize({
      response_mode: 'web_message',
      redirect_uri: PARTNER_ORIGIN,
      state: STATE,
      consent: 'deny',
    });
    expect(answer.json).toEqual({ response: { error: 'access_denied', state: STATE, iss: ISSUER } });
  });

  it('takes for a widget only a registered web origin, never a redirect URI or another origin', async () => {
    for (const redirectUri of [
      PARTNER_REDIRECT,
      `${PARTNER_ORIGIN}/`,
      'https://other.example.uz',
      'https://SHOP.example.uz',
    ]) {
      const answer = await allow({ response_mode: 'web_message', redirect_uri: redirectUri });
      expect([answer.status, answer.json], redirectUri).toEqual([
        400,
        { errors: [{ error: 'invalid_redirect_uri', field: 'redirect_uri' }] },
      ]);
    }
  });

  it('stores only a hash of the code, bound to the client, user, redirect URI, scope, challenge, nonce and sign-in, for 60 seconds', async () => {
    const url = redirectOf(await allow({ scope: 'openid profile email' }));
    const code = url.searchParams.get('code') ?? '';
    const rows = await codeRows();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(code);
    expect(rows[0]).toMatchObject({
      code_hash: sha256(code),
      client_id: PARTNER_ID,
      user_id: spa.user_uuid,
      redirect_uri: PARTNER_REDIRECT,
      scope: 'openid profile email',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      nonce: 'nonce-1',
      sso_session_id: spa.session,
      expires_at: server.clock.now() + 60_000,
      used_at: null,
    });
  });
});

describe('errors delivered to the client (RFC 6749 §4.1.2.1)', () => {
  it.each(['token', 'id_token', 'code id_token', 'code token', ''])(
    'refuses response_type=%j (no implicit flow) with unsupported_response_type',
    async (responseType) => {
      expect(errorOf(await allow({ response_type: responseType }))).toBe('unsupported_response_type');
      expect(await codeRows()).toEqual([]);
    },
  );

  it('requires state: without one it is invalid_request, and the answer carries no state but the issuer', async () => {
    const url = redirectOf(await allow({ state: '' }));
    expect(url.searchParams.get('error')).toBe('invalid_request');
    expect(url.searchParams.has('state')).toBe(false);
    expect(url.searchParams.get('iss')).toBe(ISSUER);
  });

  it('requires PKCE of a public client: no code_challenge is invalid_request', async () => {
    expect(errorOf(await allow({ code_challenge: undefined, code_challenge_method: undefined }))).toBe(
      'invalid_request',
    );
    expect(await codeRows()).toEqual([]);
  });

  it('refuses the plain PKCE method with invalid_request, even with a valid-looking challenge', async () => {
    expect(errorOf(await allow({ code_challenge_method: 'plain' }))).toBe('invalid_request');
    expect(errorOf(await allow({ code_challenge: pkce.verifier, code_challenge_method: 'plain' }))).toBe(
      'invalid_request',
    );
  });

  it('refuses a challenge without a method (which means plain, RFC 7636 §4.3) with invalid_request', async () => {
    expect(errorOf(await allow({ code_challenge_method: undefined }))).toBe('invalid_request');
  });

  it('refuses a method without a challenge, and a challenge that is no S256 value, with invalid_request', async () => {
    expect(errorOf(await allow({ code_challenge: undefined }))).toBe('invalid_request');
    expect(errorOf(await allow({ code_challenge: 'short' }))).toBe('invalid_request');
    expect(errorOf(await allow({ code_challenge: `${pkce.challenge}=` }))).toBe('invalid_request');
  });

  it('requires PKCE of a confidential client too (its secret does not stop an injected code)', async () => {
    const request = {
      client_id: BANK_ID,
      redirect_uri: BANK_REDIRECT,
      response_type: 'code',
      scope: 'openid',
      state: 's',
      consent: 'allow',
    };
    expect(errorOf(await oauth.authorize(spa.access, request))).toBe('invalid_request');
    const answer = await oauth.authorize(spa.access, {
      ...request,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    expect(redirectOf(answer).searchParams.has('code')).toBe(true);
  });

  it('refuses an unknown scope, a scope the client may not ask for, and an empty scope with invalid_scope', async () => {
    expect(errorOf(await allow({ scope: 'openid admin' }))).toBe('invalid_scope');
    expect(errorOf(await allow({ scope: '' }))).toBe('invalid_scope');
    expect(errorOf(await allow({ scope: '   ' }))).toBe('invalid_scope');
    expect(errorOf(await allow({ scope: 'OpenID' }))).toBe('invalid_scope');
    const other = await oauth.authorize(spa.access, {
      client_id: OTHER_ID,
      redirect_uri: 'https://other.example.uz/callback',
      response_type: 'code',
      scope: 'openid email',
      state: 's',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    expect(errorOf(other)).toBe('invalid_scope');
  });

  it('refuses an unknown response_mode with invalid_request, delivered by query', async () => {
    expect(errorOf(await allow({ response_mode: 'form_post' }))).toBe('invalid_request');
  });

  it('refuses a malformed body the Django way, with the field named', async () => {
    const answer = await allow({ consent: 'maybe', request_uri: 'urn:x' });
    expect([answer.status, answer.json]).toEqual([
      400,
      {
        errors: [
          { error: 'invalid_value', field: 'consent' },
          { error: 'unknown_field', field: 'request_uri' },
        ],
      },
    ]);
  });
});
