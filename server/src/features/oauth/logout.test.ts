/** RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0), GET and POST /oauth/logout/. */
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_CLIENT_ID, DEMO_CLIENT_ID, seedDemoClients } from '../../demo-data.js';
import { useOAuthTests } from '../../test-support/oauth-harness.js';
import {
  LOGOUT,
  OTHER_ID,
  PARTNER_ID,
  PARTNER_LOGOUT_REDIRECT,
  jwtPayload,
  type TokenJson,
} from '../../test-support/oauth.js';
import { V1 } from '../../test-support/test-server.js';

const { server, oauth, spa } = useOAuthTests();
let tokens: TokenJson;

beforeEach(async () => {
  tokens = await oauth.tokens(spa.access);
});

const logout = (params: Record<string, string>) =>
  server.call('GET', `${LOGOUT}?${new URLSearchParams(params).toString()}`);
const sessionOf = (token: string) =>
  server.db
    .selectFrom('sessions')
    .select(['ended_at', 'end_reason'])
    .where('id', '=', jwtPayload(token).sid as string)
    .executeTakeFirstOrThrow();

describe('GET /oauth/logout/', () => {
  it('ends the session the ID token names and sends the browser to the registered URI with the state', async () => {
    const answer = await logout({
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: PARTNER_LOGOUT_REDIRECT,
      state: 'bye 1&2',
    });
    expect(answer.status).toBe(302);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(PARTNER_LOGOUT_REDIRECT);
    expect(location.searchParams.get('state')).toBe('bye 1&2');
    expect(await sessionOf(tokens.access_token)).toMatchObject({ end_reason: 'rp_logout' });
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(401);
    expect((await oauth.refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
  });

  it("leaves the user's sign-in to Kirish and the same app's other sessions alone", async () => {
    const other = await oauth.tokens(spa.access);
    await logout({ id_token_hint: tokens.id_token ?? '' });
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: spa.access })).status).toBe(200);
    expect((await oauth.userinfo(other.access_token)).status).toBe(200);
  });

  it.each([
    ['an unregistered URI', 'https://evil.example/'],
    ['a registered URI with a trailing slash', `${PARTNER_LOGOUT_REDIRECT}/`],
    ['a registered URI with a query', `${PARTNER_LOGOUT_REDIRECT}?next=x`],
    ["another client's URI", 'https://other.example.uz/callback'],
  ])('does not redirect to %s: it says "Signed out" instead, and still ends the session', async (_name, uri) => {
    const answer = await logout({ id_token_hint: tokens.id_token ?? '', post_logout_redirect_uri: uri });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('location')).toBeNull();
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.text).toBe('Signed out');
    expect((await sessionOf(tokens.access_token)).end_reason).toBe('rp_logout');
  });

  it('accepts an expired ID token as the hint', async () => {
    server.clock.advanceSeconds(24 * 3600);
    expect(
      (await logout({ id_token_hint: tokens.id_token ?? '', post_logout_redirect_uri: PARTNER_LOGOUT_REDIRECT }))
        .status,
    ).toBe(302);
    expect((await sessionOf(tokens.access_token)).end_reason).toBe('rp_logout');
  });

  it('refuses a hint that is no ID token of this provider with 400 invalid_id_token_hint, and ends nothing', async () => {
    for (const hint of ['garbage', tokens.access_token, `${tokens.id_token}x`]) {
      const answer = await logout({ id_token_hint: hint, post_logout_redirect_uri: PARTNER_LOGOUT_REDIRECT });
      expect([answer.status, answer.json], hint).toEqual([
        400,
        { errors: [{ error: 'invalid_id_token_hint', field: 'id_token_hint' }] },
      ]);
    }
    expect((await sessionOf(tokens.access_token)).ended_at).toBeNull();
  });

  it("refuses a client_id other than the hint's audience with 400 invalid_client", async () => {
    const answer = await logout({ id_token_hint: tokens.id_token ?? '', client_id: OTHER_ID });
    expect([answer.status, answer.json]).toEqual([400, { errors: [{ error: 'invalid_client', field: 'client_id' }] }]);
    expect((await sessionOf(tokens.access_token)).ended_at).toBeNull();
  });

  it('ends nothing without a hint, but returns to a URI registered for the named client', async () => {
    const answer = await logout({ client_id: PARTNER_ID, post_logout_redirect_uri: PARTNER_LOGOUT_REDIRECT });
    expect([answer.status, answer.headers.get('location')]).toEqual([302, PARTNER_LOGOUT_REDIRECT]);
    expect((await sessionOf(tokens.access_token)).ended_at).toBeNull();
    expect((await logout({ post_logout_redirect_uri: PARTNER_LOGOUT_REDIRECT })).text).toBe('Signed out');
  });

  it("ends only a session of the hint's client and user", async () => {
    // The session a (genuine) hint names now belongs to another client: it is not this client's to end.
    const { id_token: idToken } = await oauth.tokens(spa.access);
    await server.db
      .updateTable('sessions')
      .set({ oauth_client_id: OTHER_ID })
      .where('id', '=', jwtPayload(idToken ?? '').sid as string)
      .execute();
    await logout({ id_token_hint: idToken ?? '' });
    expect(
      (
        await server.db
          .selectFrom('sessions')
          .select('ended_at')
          .where('id', '=', jwtPayload(idToken ?? '').sid as string)
          .executeTakeFirstOrThrow()
      ).ended_at,
    ).toBeNull();
  });

  it('also takes a form POST', async () => {
    const answer = await oauth.postForm(LOGOUT, {
      id_token_hint: tokens.id_token ?? '',
      post_logout_redirect_uri: PARTNER_LOGOUT_REDIRECT,
    });
    expect([answer.status, answer.headers.get('location')]).toEqual([302, PARTNER_LOGOUT_REDIRECT]);
  });

  it('registers the post-logout URIs of the local clients', async () => {
    await seedDemoClients(server.storage, server.config, server.clock);
    expect((await server.storage.clients.find(DEMO_CLIENT_ID))?.postLogoutRedirectUris).toEqual([
      'http://127.0.0.1:8081/',
    ]);
    expect((await server.storage.clients.find(ACCOUNT_CLIENT_ID))?.postLogoutRedirectUris).toEqual([
      'http://localhost:8080/',
    ]);
  });
});
