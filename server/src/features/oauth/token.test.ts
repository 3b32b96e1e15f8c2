/**
 * The token endpoint (POST /oauth/token/): redeeming codes with PKCE, refreshing with rotation,
 * client authentication, the RFC 6749 §5.2 error format, CORS and the failure limit.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_FAILURES_PER_MINUTE_PER_IP } from '../../config/policy.js';
import {
  BANK_ID,
  BANK_REDIRECT,
  BANK_SECRET,
  OTHER_ID,
  OTHER_ORIGIN,
  OTHER_REDIRECT,
  PARTNER_ID,
  PARTNER_ORIGIN,
  PARTNER_REDIRECT,
  TOKEN,
  jwtPayload,
  oauthSteps,
  pkcePair,
} from '../../test-support/oauth.js';
import { useTestServer, V1, type CallResult } from '../../test-support/test-server.js';

const server = useTestServer();
const oauth = oauthSteps(server);
let spa: { access: string; refresh: string; user_uuid: string; session: string };

beforeEach(async () => {
  await oauth.registerClients();
  spa = await oauth.signIn();
});

/** The RFC 6749 §5.2 error of an answer: status and `error`, with a description for developers. */
function oauthError(answer: CallResult): [number, string] {
  expect(answer.json?.error_description, answer.text).toEqual(expect.any(String));
  return [answer.status, answer.json.error as string];
}

const INVALID_GRANT: [number, string] = [400, 'invalid_grant'];
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

describe('redeeming a code', () => {
  it('answers the tokens: access, refresh, ID token, Bearer, 900 seconds, the granted scope; never cached', async () => {
    const answer = await oauth.redeem(await oauth.code(spa.access, { scope: 'openid profile email' }));
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      scope: 'openid profile email',
      id_token: expect.any(String),
    });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('pragma')).toBe('no-cache');
  });

  it('issues an access token that names the client as client_id and audience, with the scope', async () => {
    const tokens = await oauth.tokens(spa.access);
    expect(jwtPayload(tokens.access_token)).toMatchObject({ sub: spa.user_uuid, client_id: PARTNER_ID, aud: PARTNER_ID, scope: 'openid profile', iss: 'http://localhost:8080' });
  });

  it('issues no ID token without the openid scope', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'profile' });
    expect(tokens.id_token).toBeUndefined();
    expect(tokens.scope).toBe('profile');
  });

  it('opens a new OAuth session per authorization, apart from the sign-in to Kirish', async () => {
    const first = jwtPayload((await oauth.tokens(spa.access)).access_token).sid;
    const second = jwtPayload((await oauth.tokens(spa.access)).access_token).sid;
    expect(first).not.toBe(second);
    const rows = await server.db.selectFrom('sessions').selectAll().where('kind', '=', 'oauth').orderBy('created_at').execute();
    expect(rows.map((row) => [row.id, row.user_id, row.oauth_client_id, row.device_id, row.source, row.scope])).toEqual(
      expect.arrayContaining([
        [first, spa.user_uuid, PARTNER_ID, null, 'oauth', 'openid profile'],
        [second, spa.user_uuid, PARTNER_ID, null, 'oauth', 'openid profile'],
      ]),
    );
  });

  it('refuses a wrong code_verifier with invalid_grant', async () => {
    const issued = await oauth.code(spa.access);
    expect(oauthError(await oauth.redeem({ ...issued, verifier: pkcePair().verifier }))).toEqual(INVALID_GRANT);
  });

  it('refuses a missing code_verifier with invalid_grant', async () => {
    const issued = await oauth.code(spa.access);
    const answer = await oauth.postForm(TOKEN, { grant_type: 'authorization_code', code: issued.code, redirect_uri: PARTNER_REDIRECT, client_id: PARTNER_ID });
    expect(oauthError(answer)).toEqual(INVALID_GRANT);
  });

  it('refuses a malformed code_verifier with invalid_grant', async () => {
    const issued = await oauth.code(spa.access);
    expect(oauthError(await oauth.redeem({ ...issued, verifier: 'short' }))).toEqual(INVALID_GRANT);
  });

  it('refuses a code_verifier for a code issued without a challenge (a PKCE downgrade) with invalid_grant', async () => {
    const form = bankForm(await bankCode());
    const headers = { authorization: basic(BANK_ID, BANK_SECRET) };
    expect(oauthError(await oauth.postForm(TOKEN, { ...form, code_verifier: pkcePair().verifier }, { headers }))).toEqual(INVALID_GRANT);
    // Without the verifier the same code is good: the failure did not use it up.
    expect((await oauth.postForm(TOKEN, form, { headers })).status).toBe(200);
  });

  it('does not use up a code on a failed attempt: the right verifier still redeems it', async () => {
    const issued = await oauth.code(spa.access);
    await oauth.redeem({ ...issued, verifier: pkcePair().verifier });
    expect((await oauth.redeem(issued)).status).toBe(200);
  });

  it.each([
    ['a trailing slash', `${PARTNER_REDIRECT}/`],
    ['another registered redirect URI of the client', 'https://shop.example.uz/return?from=kirish'],
    ['another case', 'https://shop.example.uz/CALLBACK'],
    ['nothing', ''],
  ])('refuses a redirect_uri that differs from the authorization request by %s with invalid_grant', async (_name, redirectUri) => {
    const issued = await oauth.code(spa.access);
    expect(oauthError(await oauth.redeem(issued, { redirect_uri: redirectUri }))).toEqual(INVALID_GRANT);
  });

  it('refuses an unknown code with invalid_grant', async () => {
    expect(oauthError(await oauth.redeem({ code: 'no-such-code', verifier: pkcePair().verifier }))).toEqual(INVALID_GRANT);
  });

  it('refuses a code issued to another client with invalid_grant', async () => {
    const issued = await oauth.code(spa.access);
    const answer = await oauth.redeem(issued, { client_id: OTHER_ID, redirect_uri: OTHER_REDIRECT });
    expect(oauthError(answer)).toEqual(INVALID_GRANT);
  });

  it('lets a code live 60 seconds', async () => {
    const issued = await oauth.code(spa.access);
    server.clock.advanceSeconds(60);
    expect((await oauth.redeem(issued)).status).toBe(200);
  });

  it('refuses a code after 61 seconds with invalid_grant', async () => {
    const issued = await oauth.code(spa.access);
    server.clock.advanceSeconds(61);
    expect(oauthError(await oauth.redeem(issued))).toEqual(INVALID_GRANT);
  });

  it('refuses a reused code with invalid_grant and revokes the tokens of its first use', async () => {
    const issued = await oauth.code(spa.access);
    const first = await oauth.redeem(issued);
    expect(first.status).toBe(200);
    expect((await oauth.userinfo(first.json.access_token)).status).toBe(200);

    expect(oauthError(await oauth.redeem(issued))).toEqual(INVALID_GRANT);
    // RFC 6749 §4.1.2: the first use's refresh and access tokens die with the replay.
    expect(oauthError(await oauth.refresh(first.json.refresh_token))).toEqual(INVALID_GRANT);
    expect((await oauth.userinfo(first.json.access_token)).status).toBe(401);
    const session = await server.db.selectFrom('sessions').select('end_reason').where('id', '=', jwtPayload(first.json.access_token).sid as string).executeTakeFirstOrThrow();
    expect(session.end_reason).toBe('code_reuse');
    // The user's own sign-in to Kirish is not touched.
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: spa.access })).status).toBe(200);
  });

  it('gives exactly one success to 20 parallel redemptions of one code', async () => {
    const issued = await oauth.code(spa.access);
    const answers = await Promise.all(Array.from({ length: 20 }, () => oauth.redeem(issued)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 400 && answer.json.error === 'invalid_grant')).toHaveLength(19);
    expect(await server.db.selectFrom('sessions').select('id').where('kind', '=', 'oauth').execute()).toHaveLength(1);
  });

  it('refuses a code once the sign-in to Kirish that authorized it has ended', async () => {
    const issued = await oauth.code(spa.access);
    await server.call('DELETE', `${V1}/user/LogoutUser/`, { token: spa.access });
    expect(oauthError(await oauth.redeem(issued))).toEqual(INVALID_GRANT);
  });

  it('refuses a code of an account deactivated since', async () => {
    const issued = await oauth.code(spa.access);
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', spa.user_uuid).execute();
    expect(oauthError(await oauth.redeem(issued))).toEqual(INVALID_GRANT);
  });

  it('needs the code: without one it is invalid_request', async () => {
    const answer = await oauth.postForm(TOKEN, { grant_type: 'authorization_code', redirect_uri: PARTNER_REDIRECT, client_id: PARTNER_ID });
    expect(oauthError(answer)).toEqual([400, 'invalid_request']);
  });
});

describe('the request', () => {
  it.each(['password', 'client_credentials', 'implicit', 'urn:ietf:params:oauth:grant-type:device_code', 'token'])(
    'refuses grant_type=%s with unsupported_grant_type',
    async (grantType) => {
      const answer = await oauth.postForm(TOKEN, { grant_type: grantType, client_id: PARTNER_ID, username: '+998901112233', password: 'Qovun-pishdi-Chorsu-7' });
      expect(oauthError(answer)).toEqual([400, 'unsupported_grant_type']);
    },
  );

  it('refuses a request without grant_type with invalid_request', async () => {
    expect(oauthError(await oauth.postForm(TOKEN, { client_id: PARTNER_ID }))).toEqual([400, 'invalid_request']);
  });

  it('takes only a form body (RFC 6749 §4.1.3): JSON is invalid_request', async () => {
    const issued = await oauth.code(spa.access);
    const answer = await server.post(TOKEN, { grant_type: 'authorization_code', code: issued.code, redirect_uri: PARTNER_REDIRECT, client_id: PARTNER_ID, code_verifier: issued.verifier });
    expect(oauthError(answer)).toEqual([400, 'invalid_request']);
  });

  it('refuses a parameter sent twice with invalid_request (RFC 6749 §3.2)', async () => {
    const issued = await oauth.code(spa.access);
    const rawBody = `${new URLSearchParams({ grant_type: 'authorization_code', code: issued.code, redirect_uri: PARTNER_REDIRECT, client_id: PARTNER_ID, code_verifier: issued.verifier })}&code=${issued.code}`;
    const answer = await server.call('POST', TOKEN, { rawBody, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oauthError(answer)).toEqual([400, 'invalid_request']);
  });
});

/** A code for the confidential client, which needs no PKCE. */
async function bankCode(): Promise<string> {
  const answer = await oauth.authorize(spa.access, { client_id: BANK_ID, redirect_uri: BANK_REDIRECT, response_type: 'code', scope: 'openid', state: 's', consent: 'allow' });
  return new URL(answer.json.redirect_uri as string).searchParams.get('code') ?? '';
}
const bankForm = (code: string) => ({ grant_type: 'authorization_code', code, redirect_uri: BANK_REDIRECT });

describe('client authentication', () => {
  it('accepts a confidential client\'s secret by HTTP Basic (client_secret_basic)', async () => {
    const answer = await oauth.postForm(TOKEN, bankForm(await bankCode()), { headers: { authorization: basic(BANK_ID, BANK_SECRET) } });
    expect(answer.status, answer.text).toBe(200);
  });

  it('accepts a confidential client\'s secret in the body (client_secret_post)', async () => {
    const answer = await oauth.postForm(TOKEN, { ...bankForm(await bankCode()), client_id: BANK_ID, client_secret: BANK_SECRET });
    expect(answer.status, answer.text).toBe(200);
  });

  it('refuses a wrong secret with 401 invalid_client and a Basic challenge', async () => {
    const code = await bankCode();
    const answer = await oauth.postForm(TOKEN, bankForm(code), { headers: { authorization: basic(BANK_ID, `${BANK_SECRET}x`) } });
    expect(oauthError(answer)).toEqual([401, 'invalid_client']);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(oauthError(await oauth.postForm(TOKEN, { ...bankForm(code), client_id: BANK_ID, client_secret: 'guess' }))).toEqual([401, 'invalid_client']);
  });

  it('refuses a confidential client that sends no secret with 401 invalid_client', async () => {
    expect(oauthError(await oauth.postForm(TOKEN, { ...bankForm(await bankCode()), client_id: BANK_ID }))).toEqual([401, 'invalid_client']);
  });

  it('refuses a secret sent both ways at once with invalid_request (RFC 6749 §2.3)', async () => {
    const answer = await oauth.postForm(TOKEN, { ...bankForm(await bankCode()), client_secret: BANK_SECRET }, { headers: { authorization: basic(BANK_ID, BANK_SECRET) } });
    expect(oauthError(answer)).toEqual([400, 'invalid_request']);
  });

  it('refuses an unknown client, or none named, with 401 invalid_client', async () => {
    const issued = await oauth.code(spa.access);
    expect(oauthError(await oauth.redeem(issued, { client_id: 'nobody' }))).toEqual([401, 'invalid_client']);
    const unnamed = await oauth.postForm(TOKEN, { grant_type: 'authorization_code', code: issued.code, redirect_uri: PARTNER_REDIRECT, code_verifier: issued.verifier });
    expect(oauthError(unnamed)).toEqual([401, 'invalid_client']);
  });

  it('refuses a secret from a public client with 401 invalid_client', async () => {
    const issued = await oauth.code(spa.access);
    expect(oauthError(await oauth.redeem(issued, { client_secret: 'anything' }))).toEqual([401, 'invalid_client']);
  });
});

describe('refreshing', () => {
  it('rotates: a new refresh token, a new access token, a new ID token for the same session without a nonce', async () => {
    const tokens = await oauth.tokens(spa.access);
    const answer = await oauth.refresh(tokens.refresh_token);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 900, refresh_token: expect.any(String), scope: 'openid profile', id_token: expect.any(String) });
    expect(answer.json.refresh_token).not.toBe(tokens.refresh_token);
    const before = jwtPayload(tokens.id_token ?? '');
    const after = jwtPayload(answer.json.id_token as string);
    expect(before.nonce).toBe('nonce-1');
    expect(after.nonce).toBeUndefined();
    expect([after.sid, after.auth_time, after.sub]).toEqual([before.sid, before.auth_time, before.sub]);
    expect((await oauth.userinfo(answer.json.access_token as string)).status).toBe(200);
  });

  it('ends the family when a rotated refresh token comes back after the grace window (reuse detection)', async () => {
    const tokens = await oauth.tokens(spa.access);
    const next = await oauth.refresh(tokens.refresh_token);
    server.clock.advanceSeconds(11);
    expect(oauthError(await oauth.refresh(tokens.refresh_token))).toEqual(INVALID_GRANT);
    expect(oauthError(await oauth.refresh(next.json.refresh_token as string))).toEqual(INVALID_GRANT);
    expect((await oauth.userinfo(next.json.access_token as string)).status).toBe(401);
  });

  it('answers 20 parallel refreshes of one token with one successor, so the family does not fork (RFC 9700 §4.14.2)', async () => {
    const tokens = await oauth.tokens(spa.access);
    const answers = await Promise.all(Array.from({ length: 20 }, () => oauth.refresh(tokens.refresh_token)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const successors = new Set(answers.map((a) => a.json.refresh_token as string));
    expect(successors.size).toBe(1);
    const sid = jwtPayload(tokens.access_token).sid as string;
    const live = await server.db.selectFrom('refresh_tokens').select('id').where('session_id', '=', sid).where('rotated_at', 'is', null).execute();
    expect(live).toHaveLength(1);
    // Once the grace is over, the replayed token ends the family, successor included.
    server.clock.advanceSeconds(11);
    expect(oauthError(await oauth.refresh(tokens.refresh_token))).toEqual(INVALID_GRANT);
    expect(oauthError(await oauth.refresh([...successors][0] ?? ''))).toEqual(INVALID_GRANT);
  });

  it('ends an OAuth session 30 days after the sign-in to Kirish that authorized it, however often it was refreshed', async () => {
    const DAY = 24 * 3600;
    const saved = await oauth.signIn('+998901112244', { save: true });
    server.clock.advanceSeconds(20 * DAY);
    const spaNow = await server.post(`${V1}/TokenRefresh/`, { refresh: saved.refresh });
    const tokens = await oauth.tokens(spaNow.json.access);
    server.clock.advanceSeconds(10 * DAY - 1);
    const refreshed = await oauth.refresh(tokens.refresh_token);
    expect(refreshed.status, refreshed.text).toBe(200);
    server.clock.advanceSeconds(1);
    expect(oauthError(await oauth.refresh(refreshed.json.refresh_token as string))).toEqual(INVALID_GRANT);
  });

  it('gives a narrower scope when asked, and keeps the grant for the next refresh', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid profile email' });
    const narrow = await oauth.refresh(tokens.refresh_token, { scope: 'openid' });
    expect(narrow.json.scope).toBe('openid');
    expect(jwtPayload(narrow.json.access_token as string).scope).toBe('openid');
    expect((await oauth.userinfo(narrow.json.access_token as string)).json).toEqual({ sub: spa.user_uuid });
    const again = await oauth.refresh(narrow.json.refresh_token as string);
    expect(again.json.scope).toBe('openid profile email');
  });

  it('refuses a scope beyond the grant with invalid_scope, and leaves the refresh token usable', async () => {
    const tokens = await oauth.tokens(spa.access);
    expect(oauthError(await oauth.refresh(tokens.refresh_token, { scope: 'openid phone' }))).toEqual([400, 'invalid_scope']);
    server.clock.advanceSeconds(60);
    expect((await oauth.refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('refuses another client\'s refresh token with invalid_grant, and leaves it usable by its client', async () => {
    const tokens = await oauth.tokens(spa.access);
    expect(oauthError(await oauth.refresh(tokens.refresh_token, { client_id: OTHER_ID }))).toEqual(INVALID_GRANT);
    server.clock.advanceSeconds(60);
    expect((await oauth.refresh(tokens.refresh_token)).status).toBe(200);
  });

  it('refuses the SPA\'s refresh token at the token endpoint, and a client\'s at the SPA\'s refresh endpoint', async () => {
    expect(oauthError(await oauth.refresh(spa.refresh))).toEqual(INVALID_GRANT);
    const tokens = await oauth.tokens(spa.access);
    const spaRefresh = await server.post(`${V1}/TokenRefresh/`, { refresh: tokens.refresh_token });
    expect([spaRefresh.status, spaRefresh.json.code]).toEqual([401, 'token_not_valid']);
    // Neither was rotated by the refusal.
    server.clock.advanceSeconds(60);
    expect((await oauth.refresh(tokens.refresh_token)).status).toBe(200);
    expect((await server.post(`${V1}/TokenRefresh/`, { refresh: spa.refresh })).status).toBe(200);
  });

  it('refuses a refresh for an account deactivated since', async () => {
    const tokens = await oauth.tokens(spa.access);
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', spa.user_uuid).execute();
    expect(oauthError(await oauth.refresh(tokens.refresh_token))).toEqual(INVALID_GRANT);
  });

  it('needs the refresh token: without one it is invalid_request', async () => {
    expect(oauthError(await oauth.postForm(TOKEN, { grant_type: 'refresh_token', client_id: PARTNER_ID }))).toEqual([400, 'invalid_request']);
  });
});

describe('CORS', () => {
  it('lets a registered web origin of the client read the answer, and says it varies by Origin', async () => {
    const answer = await oauth.redeem(await oauth.code(spa.access), {}, { headers: { origin: PARTNER_ORIGIN } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
    expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/);
  });

  it('lets it read an error too, so the page can tell what went wrong', async () => {
    const answer = await oauth.redeem({ code: 'no-such-code', verifier: pkcePair().verifier }, {}, { headers: { origin: PARTNER_ORIGIN } });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
  });

  it.each([
    ['another client\'s origin', OTHER_ORIGIN],
    ['an unregistered origin', 'https://evil.example'],
    ['the origin with a trailing slash', `${PARTNER_ORIGIN}/`],
    ['the opaque origin', 'null'],
  ])('sends no Access-Control-Allow-Origin to %s', async (_name, origin) => {
    const answer = await oauth.redeem(await oauth.code(spa.access), {}, { headers: { origin } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight from a registered web origin: POST and GET, Authorization and Content-Type', async () => {
    const answer = await server.call('OPTIONS', TOKEN, { headers: { origin: OTHER_ORIGIN, 'access-control-request-method': 'POST' } });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(OTHER_ORIGIN);
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
  });

  it('gives a preflight from any other origin no permission', async () => {
    const answer = await server.call('OPTIONS', TOKEN, { headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    expect(answer.headers.get('access-control-allow-methods')).toBeNull();
  });
});

describe('failed requests from one address', () => {
  it(`are limited to ${TOKEN_FAILURES_PER_MINUTE_PER_IP} a minute, then 429 slow_down with Retry-After; other addresses go on`, async () => {
    const bad = { code: 'no-such-code', verifier: pkcePair().verifier };
    for (let i = 0; i < TOKEN_FAILURES_PER_MINUTE_PER_IP; i += 1) {
      const answer = await oauth.redeem(bad, {}, { ip: '198.51.100.9' });
      expect(answer.status).toBe(400);
    }
    const issued = await oauth.code(spa.access);
    const limited = await oauth.redeem(issued, {}, { ip: '198.51.100.9' });
    expect(oauthError(limited)).toEqual([429, 'slow_down']);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await oauth.redeem(issued, {}, { ip: '198.51.100.10' })).status).toBe(200);

    server.clock.advanceSeconds(60);
    const later = await oauth.redeem(await oauth.code(spa.access), {}, { ip: '198.51.100.9' });
    expect(later.status).toBe(200);
  });
});
