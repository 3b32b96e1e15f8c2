/** The authorization endpoint: consent and CORS (OpenID Connect Core §3.1.2.4, Fetch). */
import { describe, expect, it } from 'vitest';
import { ACCOUNT_CLIENT_ID, DEMO_APP_CLIENT_ID, seedDemoClients } from '../../demo-data.js';
import { redirectOf, errorOf, useOAuthTests } from '../../test-support/oauth-harness.js';
import { AUTHORIZE, PARTNER_ID, PARTNER_ORIGIN, pkcePair } from '../../test-support/oauth.js';

const { server, oauth, spa, codeRows } = useOAuthTests();
const pkce = pkcePair();
const ISSUER = 'http://localhost:8080';
const authorize = (overrides: Record<string, unknown> = {}) =>
  oauth.authorize(spa.access, oauth.request(pkce.challenge, overrides));
const allow = (overrides: Record<string, unknown> = {}) => authorize({ consent: 'allow', ...overrides });

describe('consent', () => {
  it('asks the person first for a third-party client: the client as app_info shows it and the scopes, and no code', async () => {
    const answer = await authorize({ scope: 'openid profile phone' });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      consent_required: true,
      client: {
        client_id: 'partner-shop',
        name: 'Partner Shop',
        logo_url: 'https://shop.example.uz/logo.png',
        home_page: 'https://shop.example.uz/',
        privacy_policy_url: null,
        terms_url: null,
        first_party: false,
        scopes: ['openid', 'profile', 'phone', 'email'],
      },
      scopes: ['openid', 'profile', 'phone'],
    });
    expect(await codeRows()).toEqual([]);
  });

  it('writes out the hidden characters of a name registered before names were checked, in the consent answer and app_info', async () => {
    await server.db
      .updateTable('oauth_clients')
      .set({ name: 'Paynet\u202Etrams' })
      .where('id', '=', PARTNER_ID)
      .execute();
    expect((await authorize()).json.client.name).toBe('Paynet⟨U+202E⟩trams');
    const info = await server.call('GET', `/sso/api/v1/oauth/app_info/?client_id=${PARTNER_ID}`);
    expect([info.status, info.json.name]).toEqual([200, 'Paynet⟨U+202E⟩trams']);
  });

  it('issues a code once the person allows, and records the consent per scope', async () => {
    expect(redirectOf(await allow()).searchParams.has('code')).toBe(true);
    const grants = await server.db
      .selectFrom('oauth_grants')
      .select(['user_id', 'client_id', 'scope'])
      .orderBy('scope')
      .execute();
    expect(grants).toEqual([
      { user_id: spa.user_uuid, client_id: PARTNER_ID, scope: 'openid' },
      { user_id: spa.user_uuid, client_id: PARTNER_ID, scope: 'profile' },
    ]);
  });

  it('answers access_denied when the person denies, issues no code and records nothing', async () => {
    expect(errorOf(await authorize({ consent: 'deny' }))).toBe('access_denied');
    expect(await codeRows()).toEqual([]);
    expect(await server.db.selectFrom('oauth_grants').selectAll().execute()).toEqual([]);
  });

  it('remembers consent: the same scopes later need no question', async () => {
    await allow();
    expect(redirectOf(await authorize()).searchParams.has('code')).toBe(true);
    // Fewer scopes than granted need none either.
    expect(redirectOf(await authorize({ scope: 'openid' })).searchParams.has('code')).toBe(true);
  });

  it('asks again when a new scope is requested, listing every scope of the request', async () => {
    await allow();
    const answer = await authorize({ scope: 'openid profile email' });
    expect(answer.json).toMatchObject({ consent_required: true, scopes: ['openid', 'profile', 'email'] });
  });

  it('remembers consent per user: another account is asked', async () => {
    await allow();
    const other = await oauth.signIn('+998901112244');
    const answer = await oauth.authorize(other.access, oauth.request(pkce.challenge));
    expect(answer.json.consent_required).toBe(true);
  });

  it('lets the person deny even what was granted before', async () => {
    await allow();
    expect(errorOf(await authorize({ consent: 'deny' }))).toBe('access_denied');
  });

  it('skips the question for a first-party client', async () => {
    await seedDemoClients(server.storage, server.config, server.clock);
    const answer = await oauth.authorize(spa.access, {
      client_id: ACCOUNT_CLIENT_ID,
      redirect_uri: `${ISSUER}/`,
      response_type: 'code',
      scope: 'openid profile',
      state: 'own',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    });
    const url = redirectOf(answer);
    expect(url.searchParams.has('code')).toBe(true);
    expect(url.searchParams.get('state')).toBe('own');
  });
});

describe('a phone app (RFC 8252)', () => {
  it("sends the code to the demo phone app's own scheme, exactly as registered, and the verifier redeems it", async () => {
    await seedDemoClients(server.storage, server.config, server.clock);
    const request = {
      client_id: DEMO_APP_CLIENT_ID,
      redirect_uri: 'uz.kirish.demo:/oauth',
      response_type: 'code',
      scope: 'openid profile',
      state: 'app-state',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    };
    // RFC 8252 §8.4 and RFC 6749 §3.1.2.3: another path on the same scheme is another address.
    const other = await oauth.authorize(spa.access, { ...request, redirect_uri: 'uz.kirish.demo:/other' });
    expect([other.status, other.json.errors]).toEqual([
      400,
      [{ error: 'invalid_redirect_uri', field: 'redirect_uri' }],
    ]);
    const url = redirectOf(await oauth.authorize(spa.access, { ...request, consent: 'allow' }));
    expect(`${url.protocol}${url.pathname}`).toBe('uz.kirish.demo:/oauth');
    expect(url.searchParams.get('state')).toBe('app-state');
    const code = url.searchParams.get('code') ?? '';
    const answer = await oauth.redeem({
      code,
      verifier: pkce.verifier,
      clientId: DEMO_APP_CLIENT_ID,
      redirectUri: 'uz.kirish.demo:/oauth',
    });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ token_type: 'Bearer', scope: 'openid profile' });
    expect(typeof answer.json.id_token).toBe('string');
  });
});

describe('a refusal without a session (a phone app whose person cancelled at the provider, docs/partners.md)', () => {
  const appRequest = {
    client_id: DEMO_APP_CLIENT_ID,
    redirect_uri: 'uz.kirish.demo:/oauth',
    response_type: 'code',
    scope: 'openid',
    state: 'app-state',
    code_challenge: pkce.challenge,
    code_challenge_method: 'S256',
  };
  const refuse = (overrides: Record<string, unknown> = {}) =>
    server.post(AUTHORIZE, { ...appRequest, consent: 'deny', ...overrides });

  it("answers access_denied with the state and the issuer at the app's registered address, and issues nothing", async () => {
    await seedDemoClients(server.storage, server.config, server.clock);
    const url = redirectOf(await refuse());
    expect(`${url.protocol}${url.pathname}`).toBe('uz.kirish.demo:/oauth');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      error: 'access_denied',
      error_description: 'The user denied the request',
      state: 'app-state',
      iss: ISSUER,
    });
    expect(await codeRows()).toEqual([]);
  });

  it('answers server_error when the sign-in failed at the provider rather than being cancelled', async () => {
    await seedDemoClients(server.storage, server.config, server.clock);
    const url = redirectOf(await refuse({ deny_reason: 'failed' }));
    expect([url.searchParams.get('error'), url.searchParams.get('state')]).toEqual(['server_error', 'app-state']);
  });

  it('judges the whole request as prompt=none does: a fault of the request itself is what the app hears', async () => {
    await seedDemoClients(server.storage, server.config, server.clock);
    const url = redirectOf(await refuse({ code_challenge: '', code_challenge_method: '' }));
    expect([url.searchParams.get('error'), url.searchParams.get('state')]).toEqual(['invalid_request', 'app-state']);
  });

  it('sends nothing to an address the app did not register, nor for an unknown app', async () => {
    await seedDemoClients(server.storage, server.config, server.clock);
    const wrong = await refuse({ redirect_uri: 'uz.kirish.demo:/other' });
    expect([wrong.status, wrong.json]).toEqual([
      400,
      { errors: [{ error: 'invalid_redirect_uri', field: 'redirect_uri' }] },
    ]);
    const unknown = await refuse({ client_id: 'no-such-app' });
    expect([unknown.status, unknown.json]).toEqual([
      400,
      { errors: [{ error: 'invalid_client', field: 'client_id' }] },
    ]);
  });
});

describe('CORS', () => {
  it('sends no CORS headers on the authorization endpoint, even to a registered web origin', async () => {
    const answer = await oauth.authorize(
      spa.access,
      { ...oauth.request(pkce.challenge), consent: 'allow' },
      { headers: { origin: PARTNER_ORIGIN } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await server.call('OPTIONS', AUTHORIZE, {
      headers: { origin: PARTNER_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });
});
