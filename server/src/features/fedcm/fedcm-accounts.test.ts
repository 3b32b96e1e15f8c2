/**
 * Kirish as a FedCM identity provider, the read-only half (W3C FedCM, "Identity Provider HTTP API"):
 * the well-known file, the config file and its icon, the accounts endpoint and client metadata.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { imageDimensions } from '../../lib/images.js';
import { cookieJar, FEDCM, fedcmSteps, WEBIDENTITY } from '../../test-support/fedcm.js';
import { OTHER_ORIGIN, PARTNER_ID, PARTNER_ORIGIN, oauthSteps } from '../../test-support/oauth.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const server = useTestServer();
const oauth = oauthSteps(server);
const fedcm = fedcmSteps(server);
const BASE = 'http://localhost:8080';

beforeEach(() => oauth.registerClients());

describe('GET /.well-known/web-identity and the config file', () => {
  it('name every endpoint by its absolute URL, and are never cached', async () => {
    const known = await server.call('GET', '/.well-known/web-identity', { headers: WEBIDENTITY });
    expect([known.status, known.json]).toEqual([
      200,
      {
        provider_urls: [`${BASE}${FEDCM}/config.json`],
        accounts_endpoint: `${BASE}${FEDCM}/accounts/`,
        login_url: `${BASE}/login`,
      },
    ]);
    expect(known.headers.get('cache-control')).toBe('no-store');

    const config = await server.call('GET', `${FEDCM}/config.json`, { headers: WEBIDENTITY });
    expect([config.status, config.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(config.json).toEqual({
      accounts_endpoint: `${BASE}${FEDCM}/accounts/`,
      client_metadata_endpoint: `${BASE}${FEDCM}/client_metadata/`,
      id_assertion_endpoint: `${BASE}${FEDCM}/assertion/`,
      disconnect_endpoint: `${BASE}${FEDCM}/disconnect/`,
      login_url: `${BASE}/login`,
      branding: {
        background_color: '#0b6e4f',
        color: '#ffffff',
        name: 'Kirish',
        icons: [{ url: `${BASE}${FEDCM}/icon.png`, size: 128 }],
      },
    });
  });

  it('serves the branding icon as a square PNG the browser may fetch for any page', async () => {
    const answer = await server.app.request(`${FEDCM}/icon.png`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect([
      answer.status,
      answer.headers.get('content-type'),
      answer.headers.get('cross-origin-resource-policy'),
    ]).toEqual([200, 'image/png', 'cross-origin']);
    expect(await imageDimensions(new Uint8Array(await answer.arrayBuffer()))).toEqual({
      width: 128,
      height: 128,
      format: 'png',
    });
  });
});

describe('GET /fedcm/accounts/', () => {
  it('lists every account signed in on this device, the most recent first, as FedCM shows them', async () => {
    const jar = cookieJar();
    const first = await fedcm.signUp(jar, '+998901110001');
    server.clock.advanceSeconds(1);
    const second = await fedcm.signUp(jar, '+998901110002', { first_name: 'Bobur', last_name: 'Aliyev' });
    await server.db
      .updateTable('users')
      .set({ email: 'aziza@example.uz', email_verified: 1, photo: 'avatars/abc.webp' })
      .where('id', '=', first.user_uuid)
      .execute();
    // A consent to the partner makes it an approved client of the first account.
    await oauth.tokens(first.access);

    const answer = await fedcm.accounts(jar);
    expect([answer.status, answer.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(answer.json).toEqual({
      accounts: [
        {
          id: second.user_uuid,
          name: 'Bobur Aliyev',
          given_name: 'Bobur',
          tel: '+998 90 *** ** 02',
          approved_clients: [],
          login_hints: [second.user_uuid, '+998901110002'],
        },
        {
          id: first.user_uuid,
          name: 'Aziza Karimova',
          given_name: 'Aziza',
          email: 'aziza@example.uz',
          tel: '+998 90 *** ** 01',
          picture: `${BASE}/cdn/200x/avatars/abc.webp`,
          approved_clients: [PARTNER_ID],
          login_hints: [first.user_uuid, 'aziza@example.uz', '+998901110001'],
        },
      ],
    });
  });

  it('names an account without a name by its masked phone, and leaves an unverified e-mail out', async () => {
    const jar = cookieJar();
    const account = await fedcm.signUp(jar, '+998901110003');
    await server.db
      .updateTable('users')
      .set({ first_name: '', last_name: '', email: 'unverified@example.uz', email_verified: 0 })
      .where('id', '=', account.user_uuid)
      .execute();
    const [listed] = (await fedcm.accounts(jar)).json.accounts;
    expect(listed).toEqual({
      id: account.user_uuid,
      name: '+998 90 *** ** 03',
      tel: '+998 90 *** ** 03',
      approved_clients: [],
      login_hints: [account.user_uuid, '+998901110003'],
    });
  });

  it('answers only the browser: without Sec-Fetch-Dest webidentity it is 400 and lists nothing', async () => {
    const jar = cookieJar();
    await fedcm.signUp(jar, '+998901110004');
    for (const headers of [{}, { 'sec-fetch-dest': 'empty' }, { 'sec-fetch-dest': 'document' }] as Record<
      string,
      string
    >[]) {
      const answer = await fedcm.accounts(jar, headers);
      expect([answer.status, answer.json]).toEqual([400, { error: { code: 'invalid_request', url: `${BASE}/` } }]);
    }
  });

  it("refuses a request that carries another site's Origin with 403, and takes Kirish's own", async () => {
    const jar = cookieJar();
    await fedcm.signUp(jar, '+998901110005');
    const foreign = await fedcm.accounts(jar, { ...WEBIDENTITY, origin: PARTNER_ORIGIN });
    expect([foreign.status, foreign.json.error.code, foreign.text]).toEqual([
      403,
      'access_denied',
      expect.not.stringContaining('+998'),
    ]);
    expect((await fedcm.accounts(jar, { ...WEBIDENTITY, origin: BASE })).json.accounts).toHaveLength(1);
  });

  it('lists nothing without the cookie, with a forged one, or for a deactivated account', async () => {
    expect((await fedcm.accounts(cookieJar())).json).toEqual({ accounts: [] });
    const forged = await server.call('GET', `${FEDCM}/accounts/`, {
      headers: { ...WEBIDENTITY, cookie: '__Host-kirish_idp=not-a-device-secret' },
    });
    expect([forged.status, forged.json]).toEqual([200, { accounts: [] }]);

    const jar = cookieJar();
    const account = await fedcm.signUp(jar, '+998901110006');
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', account.user_uuid).execute();
    expect((await fedcm.accounts(jar)).json).toEqual({ accounts: [] });
  });

  it('no longer lists an account once its session on this device ends (logout), nor past its lifetime', async () => {
    const jar = cookieJar();
    const leaving = await fedcm.signUp(jar, '+998901110007');
    const staying = await fedcm.signUp(jar, '+998901110008');
    jar.keep(await server.call('DELETE', `${V1}/user/LogoutUser/`, { token: leaving.access, headers: jar.header() }));
    expect((await fedcm.accounts(jar)).json.accounts.map((account: { id: string }) => account.id)).toEqual([
      staying.user_uuid,
    ]);
    // An unsaved sign-in lives a day at most (config/policy.ts), however the device is used.
    server.clock.advanceSeconds(400 * 24 * 60 * 60);
    expect((await fedcm.accounts(jar)).json).toEqual({ accounts: [] });
  });
});

const metadata = (query: string, headers: Record<string, string> = { ...WEBIDENTITY, origin: PARTNER_ORIGIN }) =>
  server.call('GET', `${FEDCM}/client_metadata/?${query}`, { headers });

describe('GET /fedcm/client_metadata/', () => {
  beforeEach(async () => {
    await server.db
      .updateTable('oauth_clients')
      .set({ privacy_policy_url: `${PARTNER_ORIGIN}/privacy`, terms_url: `${PARTNER_ORIGIN}/terms` })
      .where('id', '=', PARTNER_ID)
      .execute();
  });

  it("answers the app's privacy policy and terms from the registry", async () => {
    const answer = await metadata(`client_id=${PARTNER_ID}`);
    expect([answer.status, answer.json]).toEqual([
      200,
      { privacy_policy_url: `${PARTNER_ORIGIN}/privacy`, terms_of_service_url: `${PARTNER_ORIGIN}/terms` },
    ]);
    expect((await metadata(`client_id=${PARTNER_ID}`, WEBIDENTITY)).status).toBe(200);
  });

  it("answers Kirish's own help-centre pages for its own apps, in the browser's language when it is one of the five", async () => {
    await server.db
      .updateTable('oauth_clients')
      .set({ privacy_policy_url: null, terms_url: null, first_party: 1 })
      .where('id', '=', PARTNER_ID)
      .execute();
    const russian = await metadata(`client_id=${PARTNER_ID}`, {
      ...WEBIDENTITY,
      origin: PARTNER_ORIGIN,
      'accept-language': 'ru-RU,ru;q=0.9,en;q=0.8',
    });
    expect(russian.json).toEqual({
      privacy_policy_url: `${BASE}/help-center/privacy-policy?language=ru`,
      terms_of_service_url: `${BASE}/help-center/terms?language=ru`,
    });
    const german = await metadata(`client_id=${PARTNER_ID}`, { ...WEBIDENTITY, 'accept-language': 'de-DE' });
    expect(german.json).toEqual({
      privacy_policy_url: `${BASE}/help-center/privacy-policy`,
      terms_of_service_url: `${BASE}/help-center/terms`,
    });
    // A partner's app that registered none still gets none: Kirish's terms are not the partner's.
    await server.db.updateTable('oauth_clients').set({ first_party: 0 }).where('id', '=', PARTNER_ID).execute();
    expect((await metadata(`client_id=${PARTNER_ID}`)).json).toEqual({});
  });

  it('refuses without webidentity (400), an unknown client (404) and an origin the app did not register (403)', async () => {
    expect((await metadata(`client_id=${PARTNER_ID}`, { origin: PARTNER_ORIGIN })).status).toBe(400);
    expect((await metadata('client_id=nobody')).status).toBe(404);
    expect((await metadata('')).status).toBe(404);
    const foreign = await metadata(`client_id=${PARTNER_ID}`, { ...WEBIDENTITY, origin: OTHER_ORIGIN });
    expect([foreign.status, foreign.json.error.code]).toEqual([403, 'unauthorized_client']);
  });
});
