/**
 * The `_idp` cookie and the Login Status API headers (docs/fedcm.md): set with the device cookie on
 * every sign-in, renewed by the SPA's refresh, and gone with the device's last account; FedCM's
 * disconnect and "Connected apps" end the same connection.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { cookieJar, useFedcmTests, WEBIDENTITY, type SignedIn } from '../../test-support/fedcm.js';
import { OTHER_ORIGIN, PARTNER_ID, PARTNER_ORIGIN } from '../../test-support/oauth.js';
import { sha256 } from '../../lib/secrets.js';
import { STRONG_PASSWORD, V1, type CallResult } from '../../test-support/test-server.js';

const { server, oauth, fedcm, jar, aziza } = useFedcmTests('+998901130001');

const idpCookieOf = (answer: CallResult) =>
  answer.headers.getSetCookie().find((line) => line.startsWith('__Host-kirish_idp='));
const logout = (account: SignedIn) =>
  server.call('DELETE', `${V1}/user/LogoutUser/`, { token: account.access, headers: jar.header() });
const approvedClients = async () =>
  ((await fedcm.accounts(jar)).json.accounts as { id: string; approved_clients: string[] }[]).map(
    (a) => a.approved_clients,
  );

describe('the _idp cookie and Set-Login', () => {
  it('are set on sign-in: __Host-, HttpOnly, Secure even over http, SameSite=None, Path=/, with the device cookie’s secret', async () => {
    const signIn = jar.keep(
      await server.post(
        `${V1}/login/LoginUser/`,
        { phone: '+998901130001', password: STRONG_PASSWORD },
        { headers: jar.header() },
      ),
    );
    expect(signIn.headers.get('set-login')).toBe('logged-in');
    expect(idpCookieOf(signIn)).toBe(
      `__Host-kirish_idp=${jar.get('__Host-kirish_device')}; Max-Age=31536000; Path=/; HttpOnly; Secure; SameSite=None`,
    );
    const refused = await server.post(
      `${V1}/login/LoginUser/`,
      { phone: '+998901130001', password: 'wrong-password' },
      { headers: jar.header() },
    );
    expect([refused.status, refused.headers.get('set-login'), refused.headers.getSetCookie()]).toEqual([400, null, []]);
  });

  it('are renewed by the SPA’s refresh when it carries the device cookie, and not without it', async () => {
    const refreshed = await server.post(
      `${V1}/TokenRefresh/`,
      { refresh: aziza.refresh },
      { headers: { cookie: `__Host-kirish_device=${jar.get('__Host-kirish_device')}` } },
    );
    expect([refreshed.status, refreshed.headers.get('set-login'), idpCookieOf(refreshed)]).toEqual([
      200,
      'logged-in',
      expect.stringContaining(`__Host-kirish_idp=${jar.get('__Host-kirish_device')};`),
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
      expect.stringMatching(/^__Host-kirish_idp=; Max-Age=0; Path=\/; HttpOnly; Secure; SameSite=None$/),
    ]);
    expect(jar.get('__Host-kirish_idp')).toBeUndefined();
  });

  it('give a sign-in inside a partner’s frame (only the _idp cookie) a new secret, and leave the device’s sessions to its Strict cookie', async () => {
    const before = jar.get('__Host-kirish_device') ?? '';
    const idpOnly = { cookie: `__Host-kirish_idp=${before}` };
    const signIn = await server.post(
      `${V1}/login/LoginUser/`,
      { phone: '+998901130001', password: STRONG_PASSWORD },
      { headers: idpOnly },
    );
    const after = /^__Host-kirish_device=([^;]+)/.exec(signIn.headers.getSetCookie()[0] ?? '')?.[1] ?? '';
    expect([signIn.status, after.length]).toEqual([200, 43]);
    expect(after).not.toBe(before);
    // The browser stores no Strict cookie set in a cross-site frame: its own keeps naming the
    // registration's session; the frame's sign-in is the new secret's alone.
    const sessionsOf = async (secret: string) =>
      (await server.db.selectFrom('sessions').select('id').where('device_id', '=', sha256(secret)).execute()).map(
        (row) => row.id,
      );
    expect(await sessionsOf(before)).toEqual([aziza.session]);
    expect(await sessionsOf(after)).toEqual([signIn.json.session]);
    // Signing in first-party with both cookies brings the two together under the next secret.
    const both = { cookie: `__Host-kirish_device=${before}; __Host-kirish_idp=${after}` };
    const again = await server.post(
      `${V1}/login/LoginUser/`,
      { phone: '+998901130001', password: STRONG_PASSWORD },
      { headers: both },
    );
    const next = /^__Host-kirish_device=([^;]+)/.exec(again.headers.getSetCookie()[0] ?? '')?.[1] ?? '';
    expect((await sessionsOf(next)).toSorted()).toEqual(
      [aziza.session, signIn.json.session, again.json.session].toSorted(),
    );
  });
});

describe('POST /fedcm/disconnect/ and Connected apps', () => {
  beforeEach(() => oauth.tokens(aziza.access));

  it('takes the app’s access back and answers the account id, readable by the partner', async () => {
    const partnerTokens = await oauth.tokens(aziza.access);
    expect(await approvedClients()).toEqual([[PARTNER_ID]]);
    const answer = await fedcm.form('disconnect', jar, { client_id: PARTNER_ID, account_hint: aziza.user_uuid });
    expect([answer.status, answer.json]).toEqual([200, { account_id: aziza.user_uuid }]);
    expect([
      answer.headers.get('access-control-allow-origin'),
      answer.headers.get('access-control-allow-credentials'),
    ]).toEqual([PARTNER_ORIGIN, 'true']);
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
