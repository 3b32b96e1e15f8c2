/** The token endpoint (RFC 6749 §3.2): client authentication and the refresh grant. */
import { describe, expect, it } from 'vitest';
import { TOKEN_FAILURES_PER_MINUTE_PER_IP } from '../../config/policy.js';
import { oauthError, INVALID_GRANT, basic, useOAuthTests } from '../../test-support/oauth-harness.js';
import {
  BANK_ID,
  BANK_SECRET,
  OTHER_ID,
  OTHER_ORIGIN,
  PARTNER_ID,
  PARTNER_ORIGIN,
  PARTNER_REDIRECT,
  TOKEN,
  jwtPayload,
  pkcePair,
  bankForm,
} from '../../test-support/oauth.js';
import { V1 } from '../../test-support/test-server.js';

const { server, oauth, spa } = useOAuthTests();

/** A code for the confidential client, which needs no PKCE. */
describe('client authentication', () => {
  it("accepts a confidential client's secret by HTTP Basic (client_secret_basic)", async () => {
    const answer = await oauth.postForm(TOKEN, bankForm(await oauth.bankCode(spa.access)), {
      headers: { authorization: basic(BANK_ID, BANK_SECRET) },
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it("accepts a confidential client's secret in the body (client_secret_post)", async () => {
    const answer = await oauth.postForm(TOKEN, {
      ...bankForm(await oauth.bankCode(spa.access)),
      client_id: BANK_ID,
      client_secret: BANK_SECRET,
    });
    expect(answer.status, answer.text).toBe(200);
  });

  it('refuses a wrong secret with 401 invalid_client and a Basic challenge', async () => {
    const code = await oauth.bankCode(spa.access);
    const answer = await oauth.postForm(TOKEN, bankForm(code), {
      headers: { authorization: basic(BANK_ID, `${BANK_SECRET}x`) },
    });
    expect(oauthError(answer)).toEqual([401, 'invalid_client']);
    expect(answer.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect(
      oauthError(await oauth.postForm(TOKEN, { ...bankForm(code), client_id: BANK_ID, client_secret: 'guess' })),
    ).toEqual([401, 'invalid_client']);
  });

  it('refuses a confidential client that sends no secret with 401 invalid_client', async () => {
    expect(
      oauthError(await oauth.postForm(TOKEN, { ...bankForm(await oauth.bankCode(spa.access)), client_id: BANK_ID })),
    ).toEqual([401, 'invalid_client']);
  });

  it('refuses a secret sent both ways at once with invalid_request (RFC 6749 §2.3)', async () => {
    const answer = await oauth.postForm(
      TOKEN,
      { ...bankForm(await oauth.bankCode(spa.access)), client_secret: BANK_SECRET },
      { headers: { authorization: basic(BANK_ID, BANK_SECRET) } },
    );
    expect(oauthError(answer)).toEqual([400, 'invalid_request']);
  });

  it('refuses an unknown client, or none named, with 401 invalid_client', async () => {
    const issued = await oauth.code(spa.access);
    expect(oauthError(await oauth.redeem(issued, { client_id: 'nobody' }))).toEqual([401, 'invalid_client']);
    const unnamed = await oauth.postForm(TOKEN, {
      grant_type: 'authorization_code',
      code: issued.code,
      redirect_uri: PARTNER_REDIRECT,
      code_verifier: issued.verifier,
    });
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
    expect(answer.json).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: 900,
      refresh_token: expect.any(String),
      scope: 'openid profile',
      id_token: expect.any(String),
    });
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
    const live = await server.db
      .selectFrom('refresh_tokens')
      .select('id')
      .where('session_id', '=', sid)
      .where('rotated_at', 'is', null)
      .execute();
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
    expect(oauthError(await oauth.refresh(tokens.refresh_token, { scope: 'openid phone' }))).toEqual([
      400,
      'invalid_scope',
    ]);
    server.clock.advanceSeconds(60);
    expect((await oauth.refresh(tokens.refresh_token)).status).toBe(200);
  });

  it("refuses another client's refresh token with invalid_grant, and leaves it usable by its client", async () => {
    const tokens = await oauth.tokens(spa.access);
    expect(oauthError(await oauth.refresh(tokens.refresh_token, { client_id: OTHER_ID }))).toEqual(INVALID_GRANT);
    server.clock.advanceSeconds(60);
    expect((await oauth.refresh(tokens.refresh_token)).status).toBe(200);
  });

  it("refuses the SPA's refresh token at the token endpoint, and a client's at the SPA's refresh endpoint", async () => {
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
    expect(oauthError(await oauth.postForm(TOKEN, { grant_type: 'refresh_token', client_id: PARTNER_ID }))).toEqual([
      400,
      'invalid_request',
    ]);
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
    const answer = await oauth.redeem(
      { code: 'no-such-code', verifier: pkcePair().verifier },
      {},
      { headers: { origin: PARTNER_ORIGIN } },
    );
    expect(answer.status).toBe(400);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
  });

  it.each([
    ["another client's origin", OTHER_ORIGIN],
    ['an unregistered origin', 'https://evil.example'],
    ['the origin with a trailing slash', `${PARTNER_ORIGIN}/`],
    ['the opaque origin', 'null'],
  ])('sends no Access-Control-Allow-Origin to %s', async (_name, origin) => {
    const answer = await oauth.redeem(await oauth.code(spa.access), {}, { headers: { origin } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers a preflight from a registered web origin: POST and GET, Authorization and Content-Type', async () => {
    const answer = await server.call('OPTIONS', TOKEN, {
      headers: { origin: OTHER_ORIGIN, 'access-control-request-method': 'POST' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(OTHER_ORIGIN);
    expect(answer.headers.get('access-control-allow-methods')).toBe('GET, POST');
    expect(answer.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
  });

  it('gives a preflight from any other origin no permission', async () => {
    const answer = await server.call('OPTIONS', TOKEN, {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
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
