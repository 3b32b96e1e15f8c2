/**
 * The `_idp` cookie and the Login Status API headers (docs/fedcm.md): set with the device cookie on
 * every sign-in, renewed by the SPA's refresh, and gone with the device's last account; FedCM's
 * disconnect and "Connected apps" end the same connection.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cookieJar, FEDCM, fedcmSteps, WEBIDENTITY, type CookieJar, type SignedIn } from '../../test-support/fedcm.js';
import { OTHER_ORIGIN, PARTNER_ID, PARTNER_ORIGIN, oauthSteps } from '../../test-support/oauth.js';
import { STRONG_PASSWORD, useTestServer, V1, type CallResult } from '../../test-support/test-server.js';

const server = useTestServer();
const oauth = oauthSteps(server);
const fedcm = fedcmSteps(server);
let jar: CookieJar;
let aziza: SignedIn;

beforeEach(async () => {
  await oauth.registerClients();
  jar = cookieJar();
  aziza = await fedcm.signUp(jar, '+998901130001');
});

const idpCookieOf = (answer: CallResult) => answer.headers.getSetCookie().find((line) => line.startsWith('kirish_idp='));
const logout = (account: SignedIn) => server.call('DELETE', `${V1}/user/LogoutUser/`, { token: account.access, headers: jar.header() });
const approvedClients = async () => ((await fedcm.accounts(jar)).json.accounts as { id: string; approved_clients: string[] }[]).map((a) => a.approved_clients);

describe('the _idp cookie and Set-Login', () => {
  it('are set on sign-in: HttpOnly, Secure even over http, SameSite=None, for /sso/ only, with the device cookie’s secret', async () => {
    const signIn = jar.keep(await server.post(`${V1}/login/LoginUser/`, { phone: '+998901130001', password: STRONG_PASSWORD }, { headers: jar.header() }));
    expect(signIn.headers.get('set-login')).toBe('logged-in');
    expect(idpCookieOf(signIn)).toBe(`kirish_idp=${jar.get('kirish_device')}; Max-Age=31536000; Path=/sso/; HttpOnly; Secure; SameSite=None`);
    const refused = await server.post(`${V1}/login/LoginUser/`, { phone: '+998901130001', password: 'wrong-password' }, { headers: jar.header() });
    expect([refused.status, refused.headers.get('set-login'), refused.headers.getSetCookie()]).toEqual([400, null, []]);
  });

  it('are renewed by the SPA’s refresh when it carries the device cookie, and not without it', async () => {
    const refreshed = await server.post(
      `${V1}/TokenRefresh/`,
      { refresh: aziza.refresh },
      { headers: { cookie: `kirish_device=${jar.get('kirish_device')}` } },
    );
    expect([refreshed.status, refreshed.headers.get('set-login'), idpCookieOf(refreshed)]).toEqual([
      200,
      'logged-in',
      expect.stringContaining(`kirish_idp=${jar.get('kirish_device')};`),
    ]);
    const bare = await server.post(`${V1}/TokenRefresh/`, { refresh: refreshed.json.refresh });
    expect([bare.status, bare.headers.get('set-login'), bare.headers.getSetCookie()]).toEqual([200, null, []]);
  });

  it('say logged-out and expire the cookie only when the device’s last account signs out', async () => {
    const bobur = await fedcm.signUp(jar, '+998901130002');
    const first = jar.keep(await logout(aziza));
    expect([first.status, first.headers.get('set-login'), idpCookieOf(first)]).toEqual([204, 'logged-in', undefined]);
    const last = jar.keep(await logout(bobur));
    expect([last.headers.get('set-login'), idpCookieOf(last)]).toEqual([
      'logged-out',
      expect.stringMatching(/^kirish_idp=; Max-Age=0; Path=\/sso\/; HttpOnly; Secure; SameSite=None$/),
    ]);
    expect(jar.get('kirish_idp')).toBeUndefined();
  });

  it('let a sign-in inside a partner’s frame (only the _idp cookie) land on the same device', async () => {
    const idpOnly = { cookie: `kirish_idp=${jar.get('kirish_device')}` };
    const signIn = await server.post(`${V1}/login/LoginUser/`, { phone: '+998901130001', password: STRONG_PASSWORD }, { headers: idpOnly });
    expect(signIn.headers.getSetCookie().find((line) => line.startsWith('kirish_device='))).toContain(`kirish_device=${jar.get('kirish_device')};`);
  });
});

describe('POST /fedcm/disconnect/ and Connected apps', () => {
  beforeEach(() => oauth.tokens(aziza.access));

  it('takes the app’s access back and answers the account id, readable by the partner', async () => {
    const partnerTokens = await oauth.tokens(aziza.access);
    expect(await approvedClients()).toEqual([[PARTNER_ID]]);
    const answer = await fedcm.form('disconnect', jar, { client_id: PARTNER_ID, account_hint: aziza.user_uuid });
    expect([answer.status, answer.json]).toEqual([200, { account_id: aziza.user_uuid }]);
    expect([answer.headers.get('access-control-allow-origin'), answer.headers.get('access-control-allow-credentials')]).toEqual([PARTNER_ORIGIN, 'true']);
    expect(await approvedClients()).toEqual([[]]);
    expect((await oauth.userinfo(partnerTokens.access_token)).status).toBe(401);
  });

  it('refuses without webidentity, from another origin, without the cookie, or for an account it does not vouch for', async () => {
    const fields = { client_id: PARTNER_ID, account_hint: aziza.user_uuid };
    expect((await fedcm.form('disconnect', jar, fields, { origin: PARTNER_ORIGIN })).status).toBe(400);
    expect((await fedcm.form('disconnect', jar, fields, { ...WEBIDENTITY, origin: OTHER_ORIGIN })).status).toBe(403);
    expect((await fedcm.form('disconnect', cookieJar(), fields)).status).toBe(403);
    expect((await fedcm.form('disconnect', jar, { ...fields, account_hint: 'someone-else' })).status).toBe(403);
    expect(await approvedClients()).toEqual([[PARTNER_ID]]);
  });

  it('is the same connection "Connected apps" ends: revoked there, the app is no longer approved', async () => {
    const revoked = await server.call('DELETE', `${V1}/user/grants/?client_id=${PARTNER_ID}`, { token: aziza.access });
    expect(revoked.status).toBe(204);
    expect(await approvedClients()).toEqual([[]]);
  });
});

const frame = (method: string, path: string, headers: Record<string, string>, body?: unknown) =>
  server.call(method, `${FEDCM}/frame/${path}`, { headers: { ...jar.header('idp'), ...headers }, ...(body === undefined ? {} : { body }) });
const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };

describe('the embed frame’s storage-access path', () => {
  it('lists the vouched accounts as the device list does, with the photo', async () => {
    await server.db.updateTable('users').set({ photo: 'avatars/p.webp' }).where('id', '=', aziza.user_uuid).execute();
    const answer = await frame('GET', 'accounts/', SAME_ORIGIN);
    expect([answer.status, answer.headers.get('access-control-allow-origin')]).toEqual([200, null]);
    expect(answer.json).toEqual({
      accounts: [
        {
          uuid: aziza.user_uuid,
          first_name: 'Aziza',
          last_name: 'Karimova',
          phone: '+998 90 *** ** 01',
          email: null,
          is_current: false,
          has_active_session: true,
          last_seen_at: new Date(server.clock.now()).toISOString(),
          photo: 'http://localhost:8080/cdn/200x/avatars/p.webp',
        },
      ],
    });
  });

  it('joins the account’s own session: ending it at Kirish signs the frame out too', async () => {
    const joined = await frame('POST', 'session/', SAME_ORIGIN, { user_uuid: aziza.user_uuid });
    expect([joined.status, joined.json.session, joined.json.user_uuid]).toEqual([200, aziza.session, aziza.user_uuid]);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: joined.json.access })).status).toBe(200);
    expect(await server.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    await logout(aziza);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: joined.json.access })).status).toBe(401);
    expect((await server.post(`${V1}/TokenRefresh/`, { refresh: joined.json.refresh })).status).toBe(401);
  });

  it('refuses a cross-site or unmarked request (403), and an account the cookie does not vouch for (404)', async () => {
    for (const headers of [{}, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }] as Record<string, string>[]) {
      expect((await frame('GET', 'accounts/', headers)).json).toEqual({ errors: [{ error: 'cross_site_request' }] });
      expect((await frame('POST', 'session/', headers, { user_uuid: aziza.user_uuid })).status).toBe(403);
    }
    const stranger = await frame('POST', 'session/', SAME_ORIGIN, { user_uuid: '0190a6f0-0000-7000-8000-000000000000' });
    expect([stranger.status, stranger.json]).toEqual([404, { errors: [{ error: 'account_not_found' }] }]);
    const noCookie = await server.call('POST', `${FEDCM}/frame/session/`, { headers: SAME_ORIGIN, body: { user_uuid: aziza.user_uuid } });
    expect(noCookie.status).toBe(404);
  });
});
