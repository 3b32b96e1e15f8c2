/**
 * OpenID Connect Core §3.1.2.1 `prompt` and `max_age` at the authorization endpoint, and §3.1.2.6's
 * errors: a silent request (prompt=none) never shows a page, an old sign-in is made again, and the
 * ID token says when the person signed in (`auth_time`).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { FRESH_SIGN_IN_SECONDS } from '../../config/policy.js';
import {
  AUTHORIZE,
  OTHER_ID,
  PARTNER_ID,
  PARTNER_ORIGIN,
  PARTNER_REDIRECT,
  jwtPayload,
  oauthSteps,
  pkcePair,
} from '../../test-support/oauth.js';
import { STRONG_PASSWORD, useTestServer, V1, type CallResult } from '../../test-support/test-server.js';

const server = useTestServer();
const oauth = oauthSteps(server);
const PHONE = '+998901112233';
const ISSUER = 'http://localhost:8080';
let spa: { access: string; user_uuid: string; session: string };
let signedInAt: number;
const pkce = pkcePair();

beforeEach(async () => {
  await oauth.registerClients();
  signedInAt = server.clock.now();
  spa = await oauth.signIn(PHONE);
});

const request = (overrides: Record<string, unknown> = {}) => oauth.request(pkce.challenge, overrides);
const authorize = (overrides: Record<string, unknown> = {}, token: string | null = spa.access) =>
  token === null ? server.post(AUTHORIZE, request(overrides)) : oauth.authorize(token, request(overrides));

/** The parameters of the redirect an answer carries. */
function redirectOf(answer: CallResult): URLSearchParams {
  expect(answer.status, answer.text).toBe(200);
  expect(Object.keys(answer.json as object), answer.text).toEqual(['redirect_uri']);
  const url = new URL(answer.json.redirect_uri as string);
  expect(url.origin + url.pathname).toBe(PARTNER_REDIRECT);
  return url.searchParams;
}

const codeRows = () => server.db.selectFrom('authorization_codes').selectAll().execute();

/** Signs in again with the password, as Login does for an app's request (docs/product.md §7 header OauthClientId). */
async function signInFor(clientId: string): Promise<{ access: string }> {
  const answer = await server.post(
    `${V1}/login/LoginUser/`,
    { phone: PHONE, password: STRONG_PASSWORD, save: true },
    { headers: { OauthClientId: clientId } },
  );
  expect(answer.status, answer.text).toBe(200);
  return answer.json as { access: string };
}

/** The ID token's auth_time after redeeming the code an answer carries. */
async function authTimeOf(answer: CallResult): Promise<number> {
  const code = redirectOf(answer).get('code');
  expect(code).toBeTruthy();
  const tokens = await oauth.redeem({ code: code ?? '', verifier: pkce.verifier });
  expect(tokens.status, tokens.text).toBe(200);
  return jwtPayload(tokens.json.id_token as string).auth_time as number;
}

describe('prompt=none (OpenID Connect Core §3.1.2.1, §3.1.2.6)', () => {
  it("answers a visitor who is not signed in with login_required at the client's redirect URI, with its state and the issuer", async () => {
    const query = redirectOf(await authorize({ prompt: 'none' }, null));
    expect(Object.fromEntries(query)).toEqual({
      error: 'login_required',
      error_description: 'The user is not signed in',
      state: 'state-1',
      iss: ISSUER,
    });
    expect(await codeRows()).toEqual([]);
  });

  it("answers the widget's silent request as a message for its page", async () => {
    const answer = await authorize(
      { prompt: 'none', response_mode: 'web_message', redirect_uri: PARTNER_ORIGIN },
      null,
    );
    expect([answer.status, answer.json]).toEqual([
      200,
      { response: { error: 'login_required', state: 'state-1', iss: ISSUER } },
    ]);
  });

  it('still sends nothing to an address it cannot verify, signed in or not', async () => {
    const answer = await authorize({ prompt: 'none', redirect_uri: 'https://evil.example/callback' }, null);
    expect([answer.status, answer.json]).toEqual([
      400,
      { errors: [{ error: 'invalid_redirect_uri', field: 'redirect_uri' }] },
    ]);
  });

  it('answers consent_required instead of asking, and issues no code', async () => {
    expect(redirectOf(await authorize({ prompt: 'none' })).get('error')).toBe('consent_required');
    expect(await codeRows()).toEqual([]);
  });

  it('issues a code without showing anything once the person is signed in and has consented', async () => {
    redirectOf(await authorize({ consent: 'allow' }));
    const query = redirectOf(await authorize({ prompt: 'none' }));
    expect([query.get('error'), query.get('code')?.length]).toEqual([null, 43]);
  });

  it('answers login_required for a deactivated account instead of its page', async () => {
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', spa.user_uuid).execute();
    expect(redirectOf(await authorize({ prompt: 'none' })).get('error')).toBe('login_required');
  });

  it('refuses none together with another value with invalid_request', async () => {
    expect(redirectOf(await authorize({ prompt: 'none login' })).get('error')).toBe('invalid_request');
  });

  it('without prompt=none a request without a token is still 401, for the page to sign the person in', async () => {
    const answer = await authorize({}, null);
    expect([answer.status, answer.json.code]).toEqual([401, 'not_authenticated']);
  });
});

describe('max_age (OpenID Connect Core §3.1.2.1)', () => {
  beforeEach(async () => {
    // Consent is given once: what follows is about the sign-in only.
    redirectOf(await authorize({ consent: 'allow' }));
  });

  it('issues a code while the sign-in is younger than max_age, and the ID token carries its auth_time', async () => {
    server.clock.advanceSeconds(120);
    expect(await authTimeOf(await authorize({ max_age: '300' }))).toBe(Math.floor(signedInAt / 1000));
  });

  it('asks for a fresh sign-in when the sign-in is older than max_age, and issues no code', async () => {
    const before = (await codeRows()).length;
    server.clock.advanceSeconds(301);
    const answer = await authorize({ max_age: '300' });
    expect([answer.status, answer.json]).toEqual([200, { login_required: true }]);
    expect(await codeRows()).toHaveLength(before);
  });

  it('answers an old sign-in with login_required at the redirect URI when nothing may be shown', async () => {
    server.clock.advanceSeconds(301);
    expect(redirectOf(await authorize({ max_age: '300', prompt: 'none' })).get('error')).toBe('login_required');
  });

  it("takes a sign-in made for this client's request as the fresh one, once, even for max_age=0, and says its time in the ID token", async () => {
    // (within the access token's 15 minutes)
    server.clock.advanceSeconds(600);
    expect((await authorize({ max_age: '0' })).json).toEqual({ login_required: true });
    const again = await signInFor(PARTNER_ID);
    const freshAt = server.clock.now();
    server.clock.advanceSeconds(5);
    expect(await authTimeOf(await authorize({ max_age: '0' }, again.access))).toBe(Math.floor(freshAt / 1000));
    // Spent: the next request with max_age=0 asks again.
    expect((await authorize({ max_age: '0' }, again.access)).json).toEqual({ login_required: true });
  });

  it('does not take a sign-in made for another client, or one older than the fresh window', async () => {
    const forOther = await signInFor(OTHER_ID);
    server.clock.advanceSeconds(1);
    expect((await authorize({ max_age: '0' }, forOther.access)).json).toEqual({ login_required: true });
    const forPartner = await signInFor(PARTNER_ID);
    server.clock.advanceSeconds(FRESH_SIGN_IN_SECONDS + 1);
    expect((await authorize({ max_age: '0' }, forPartner.access)).json).toEqual({ login_required: true });
  });

  it('refuses a max_age that is not a number of seconds with invalid_request', async () => {
    for (const maxAge of ['-1', 'ten', '1.5', '1e3'])
      expect(redirectOf(await authorize({ max_age: maxAge })).get('error'), maxAge).toBe('invalid_request');
  });
});

describe('prompt=login and prompt=consent', () => {
  it('prompt=login asks for a fresh sign-in even of a young one, then issues the code to the sign-in made for it', async () => {
    redirectOf(await authorize({ consent: 'allow' }));
    expect((await authorize({ prompt: 'login' })).json).toEqual({ login_required: true });
    const again = await signInFor(PARTNER_ID);
    expect(redirectOf(await authorize({ prompt: 'login' }, again.access)).get('code')).toBeTruthy();
  });

  it('prompt=consent asks again for what was consented to before', async () => {
    redirectOf(await authorize({ consent: 'allow' }));
    const answer = await authorize({ prompt: 'consent' });
    expect(answer.json).toMatchObject({ consent_required: true, scopes: ['openid', 'profile'] });
    expect(redirectOf(await authorize({ prompt: 'consent', consent: 'allow' })).get('code')).toBeTruthy();
  });
});
