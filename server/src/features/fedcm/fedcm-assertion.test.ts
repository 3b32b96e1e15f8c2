/**
 * FedCM's ID-assertion endpoint (W3C FedCM §idp-api-id-assertion-endpoint): a code for the partner
 * bound to its origin, PKCE and nonce, redeemed at /oauth/token like the embed frame's — and each
 * refusal over HTTP.
 */
import { describe, expect, it } from 'vitest';
import { cookieJar, useFedcmTests, WEBIDENTITY } from '../../test-support/fedcm.js';
import { OTHER_ID, OTHER_ORIGIN, PARTNER_ID, PARTNER_ORIGIN } from '../../test-support/oauth.js';
import { V1, type CallResult } from '../../test-support/test-server.js';

const { server, oauth, fedcm, jar, aziza } = useFedcmTests('+998901120001');
const BASE = 'http://localhost:8080';

const corsOf = (answer: CallResult) => [
  answer.headers.get('access-control-allow-origin'),
  answer.headers.get('access-control-allow-credentials'),
];
const redeem = (code: string, verifier: string, extra: Record<string, string> = {}) =>
  oauth.redeem({ code, verifier, redirectUri: PARTNER_ORIGIN }, extra, { headers: { origin: PARTNER_ORIGIN } });
const idTokenClaims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;

const codes = () => server.db.selectFrom('authorization_codes').selectAll().execute();

describe('a code for the partner', () => {
  it('is answered as the token, readable by the partner with credentials, and redeemed with the verifier for the person’s name', async () => {
    const { answer, verifier } = await fedcm.assertion(jar, aziza.user_uuid);
    expect([answer.status, Object.keys(answer.json)]).toEqual([200, ['token']]);
    expect(corsOf(answer)).toEqual([PARTNER_ORIGIN, 'true']);
    expect(answer.headers.get('cache-control')).toBe('no-store');

    const [row] = await server.db.selectFrom('authorization_codes').selectAll().execute();
    expect(row).toMatchObject({
      client_id: PARTNER_ID,
      redirect_uri: PARTNER_ORIGIN,
      code_challenge_method: 'S256',
      nonce: 'nonce-fedcm',
      sso_session_id: aziza.session,
    });
    expect(row?.expires_at).toBe(server.clock.now() + 60_000);

    const tokens = await redeem(answer.json.token, verifier);
    expect(tokens.status, tokens.text).toBe(200);
    expect(idTokenClaims(tokens.json.id_token)).toMatchObject({
      sub: aziza.user_uuid,
      nonce: 'nonce-fedcm',
      name: 'Aziza Karimova',
      aud: PARTNER_ID,
    });
    expect((await oauth.userinfo(tokens.json.access_token)).json).toMatchObject({
      sub: aziza.user_uuid,
      name: 'Aziza Karimova',
    });

    const events = await server.db
      .selectFrom('audit_events')
      .select(['type', 'details'])
      .where('user_id', '=', aziza.user_uuid)
      .where('type', '=', 'app_signed_in')
      .execute();
    expect(events).toHaveLength(1);
    expect(JSON.parse(String(events[0]?.details))).toMatchObject({
      client_id: PARTNER_ID,
      name: 'Partner Shop',
      method: 'fedcm',
    });
  });

  it('takes the nonce at the top level from browsers that send it there, and defaults the scope to openid profile', async () => {
    const { answer, verifier } = await fedcm.assertion(
      jar,
      aziza.user_uuid,
      { nonce: undefined, scope: undefined },
      { nonce: 'top-level' },
    );
    const tokens = await redeem(answer.json.token, verifier);
    expect([tokens.json.scope, idTokenClaims(tokens.json.id_token).nonce]).toEqual(['openid profile', 'top-level']);
  });

  it('is single use: a second redemption is refused and revokes what the first one got', async () => {
    const { answer, verifier } = await fedcm.assertion(jar, aziza.user_uuid);
    const first = await redeem(answer.json.token, verifier);
    const again = await redeem(answer.json.token, verifier);
    expect([again.status, again.json.error]).toEqual([400, 'invalid_grant']);
    expect((await oauth.userinfo(first.json.access_token)).status).toBe(401);
  });

  it('expires after 60 seconds', async () => {
    const { answer, verifier } = await fedcm.assertion(jar, aziza.user_uuid);
    server.clock.advanceSeconds(61);
    expect((await redeem(answer.json.token, verifier)).json.error).toBe('invalid_grant');
  });

  it('is refused to another client, at another redirect URI, or without the verifier', async () => {
    const { answer, verifier } = await fedcm.assertion(jar, aziza.user_uuid);
    const code = answer.json.token as string;
    const otherClient = await oauth.redeem({ code, verifier, clientId: OTHER_ID, redirectUri: PARTNER_ORIGIN });
    expect([otherClient.status, otherClient.json.error_description]).toEqual([
      400,
      'The code was issued to another client',
    ]);
    expect((await oauth.redeem({ code, verifier, redirectUri: OTHER_ORIGIN })).json.error).toBe('invalid_grant');
    expect((await oauth.redeem({ code, verifier: 'x'.repeat(43), redirectUri: PARTNER_ORIGIN })).json.error).toBe(
      'invalid_grant',
    );
  });
});

describe('what is refused', () => {
  it('a request without Sec-Fetch-Dest webidentity (400), still readable by the partner', async () => {
    for (const headers of [{ origin: PARTNER_ORIGIN }, { origin: PARTNER_ORIGIN, 'sec-fetch-dest': 'empty' }] as Record<
      string,
      string
    >[]) {
      const { answer } = await fedcm.assertion(jar, aziza.user_uuid, {}, {}, headers);
      expect([answer.status, answer.json, corsOf(answer)]).toEqual([
        400,
        { error: { code: 'invalid_request', url: `${BASE}/` } },
        [PARTNER_ORIGIN, 'true'],
      ]);
    }
    expect(await codes()).toEqual([]);
  });

  it.each([
    ['another client’s origin', OTHER_ORIGIN],
    ['an unregistered origin', 'https://evil.example'],
    ['the partner’s origin with a trailing slash', `${PARTNER_ORIGIN}/`],
    ['the partner’s host over http', 'http://shop.example.uz'],
    ['no origin at all', undefined],
  ])('%s (403, with no CORS header)', async (_name, origin) => {
    const headers: Record<string, string> = { ...WEBIDENTITY, ...(origin === undefined ? {} : { origin }) };
    const { answer } = await fedcm.assertion(jar, aziza.user_uuid, {}, {}, headers);
    expect([answer.status, answer.json.error.code, corsOf(answer)]).toEqual([403, 'unauthorized_client', [null, null]]);
    expect(await codes()).toEqual([]);
  });

  it('an unknown client, and a client named for an origin that is not its own', async () => {
    const unknown = await fedcm.assertion(jar, aziza.user_uuid, {}, { client_id: 'nobody' });
    expect([unknown.answer.status, corsOf(unknown.answer)]).toEqual([403, [null, null]]);
    const other = await fedcm.assertion(jar, aziza.user_uuid, {}, { client_id: OTHER_ID });
    expect([other.answer.status, other.answer.json.error.code]).toEqual([403, 'unauthorized_client']);
  });

  it('an account the cookie does not vouch for: no cookie, another device, a deactivated account, an ended session', async () => {
    const elsewhere = cookieJar();
    const bobur = await fedcm.signUp(elsewhere, '+998901120002');
    const refusals = [
      await fedcm.assertion(cookieJar(), aziza.user_uuid),
      await fedcm.assertion(jar, bobur.user_uuid),
      await fedcm.assertion(jar, ''),
    ];
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', bobur.user_uuid).execute();
    refusals.push(await fedcm.assertion(elsewhere, bobur.user_uuid));
    await server.call('DELETE', `${V1}/user/LogoutUser/`, { token: aziza.access, headers: jar.header() });
    refusals.push(await fedcm.assertion(jar, aziza.user_uuid));
    for (const { answer } of refusals)
      expect([answer.status, answer.json.error.code, corsOf(answer)]).toEqual([
        403,
        'access_denied',
        [PARTNER_ORIGIN, 'true'],
      ]);
    expect(await codes()).toEqual([]);
  });

  it.each([
    ['no challenge', { code_challenge: undefined }],
    ['the plain method', { code_challenge_method: 'plain' }],
    ['no method', { code_challenge_method: undefined }],
    ['a challenge that is no S256 value', { code_challenge: 'short' }],
    ['an empty scope', { scope: ' ' }],
    ['a nonce that is not a string', { nonce: 42 }],
  ])('%s (400 invalid_request)', async (_name, params) => {
    const { answer } = await fedcm.assertion(jar, aziza.user_uuid, params);
    expect([answer.status, answer.json.error.code]).toEqual([400, 'invalid_request']);
  });

  it('params that are not a JSON object, a field sent twice, a JSON body (400 invalid_request)', async () => {
    for (const params of ['not json', '[]', 'null'])
      expect(
        (await fedcm.form('assertion', jar, { client_id: PARTNER_ID, account_id: aziza.user_uuid, params })).status,
      ).toBe(400);
    const twice = await server.call('POST', `${V1}/fedcm/assertion/`, {
      rawBody: `client_id=${PARTNER_ID}&client_id=${PARTNER_ID}&account_id=${aziza.user_uuid}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...WEBIDENTITY,
        origin: PARTNER_ORIGIN,
        ...jar.header('idp'),
      },
    });
    expect(twice.status).toBe(400);
    const json = await server.call('POST', `${V1}/fedcm/assertion/`, {
      body: { client_id: PARTNER_ID },
      headers: { ...WEBIDENTITY, origin: PARTNER_ORIGIN, ...jar.header('idp') },
    });
    expect(json.status).toBe(400);
  });

  it('a scope the client may not ask for (400 invalid_scope), as the authorization endpoint refuses it', async () => {
    const { answer } = await fedcm.assertion(jar, aziza.user_uuid, { scope: 'openid admin' });
    expect([answer.status, answer.json.error.code]).toEqual([400, 'invalid_scope']);
  });
});

describe('consent beyond name, e-mail and photo', () => {
  it('sends the person to Kirish’s consent page (continue_on) for the phone scope', async () => {
    const { answer } = await fedcm.assertion(jar, aziza.user_uuid, { scope: 'openid phone', state: 'state-7' });
    expect([answer.status, corsOf(answer)]).toEqual([200, [PARTNER_ORIGIN, 'true']]);
    const url = new URL(answer.json.continue_on as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE}/oauth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: PARTNER_ID,
      redirect_uri: PARTNER_ORIGIN,
      response_type: 'code',
      response_mode: 'fedcm',
      scope: 'openid phone',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      state: 'state-7',
      nonce: 'nonce-fedcm',
    });
    expect(await server.db.selectFrom('authorization_codes').selectAll().execute()).toEqual([]);
  });

  it('sends a first sign-in there too when the browser did not show what is shared', async () => {
    const { answer } = await fedcm.assertion(jar, aziza.user_uuid, {}, { disclosure_text_shown: 'false' });
    expect(Object.keys(answer.json)).toEqual(['continue_on']);
  });

  it('and the consent page answers response_mode=fedcm at the partner’s origin, as web_message', async () => {
    const { answer } = await fedcm.assertion(jar, aziza.user_uuid, { scope: 'openid phone' });
    const query = Object.fromEntries(new URL(answer.json.continue_on as string).searchParams);
    const consented = await oauth.authorize(aziza.access, { ...query, consent: 'allow' });
    expect(consented.json.response).toEqual({ code: expect.any(String), state: query.state, iss: BASE });
  });

  it('and response_mode=fedcm takes only the client’s web origins as the address, never a redirect URI', async () => {
    const { answer } = await fedcm.assertion(jar, aziza.user_uuid, { scope: 'openid phone' });
    const query = Object.fromEntries(new URL(answer.json.continue_on as string).searchParams);
    for (const redirectUri of [`${PARTNER_ORIGIN}/callback`, OTHER_ORIGIN, `${PARTNER_ORIGIN}/`]) {
      const refused = await oauth.authorize(aziza.access, { ...query, redirect_uri: redirectUri, consent: 'allow' });
      expect([refused.status, refused.json]).toEqual([
        400,
        { errors: [{ error: 'invalid_redirect_uri', field: 'redirect_uri' }] },
      ]);
    }
  });

  it('issues the code at once for a scope already granted, and for a first-party app', async () => {
    await oauth.tokens(aziza.access, { scope: 'openid phone' });
    const granted = await fedcm.assertion(
      jar,
      aziza.user_uuid,
      { scope: 'openid phone' },
      { disclosure_text_shown: 'false' },
    );
    expect(Object.keys(granted.answer.json)).toEqual(['token']);

    await server.db.updateTable('oauth_clients').set({ first_party: 1 }).where('id', '=', OTHER_ID).execute();
    const firstParty = await fedcm.assertion(
      jar,
      aziza.user_uuid,
      { scope: 'openid' },
      { client_id: OTHER_ID, disclosure_text_shown: 'false' },
      { ...WEBIDENTITY, origin: OTHER_ORIGIN },
    );
    expect(Object.keys(firstParty.answer.json)).toEqual(['token']);
  });
});
