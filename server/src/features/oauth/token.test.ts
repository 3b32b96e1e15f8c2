/**
 * The token endpoint (POST /oauth/token/): redeeming codes with PKCE, refreshing with rotation,
 * client authentication, the RFC 6749 §5.2 error format, CORS and the failure limit.
 */
import { describe, expect, it } from 'vitest';
import { oauthError, INVALID_GRANT, basic, useOAuthTests } from '../../test-support/oauth-harness.js';
import {
  BANK_ID,
  BANK_SECRET,
  OTHER_ID,
  OTHER_REDIRECT,
  PARTNER_ID,
  PARTNER_REDIRECT,
  TOKEN,
  jwtPayload,
  pkcePair,
  bankForm,
} from '../../test-support/oauth.js';
import { V1 } from '../../test-support/test-server.js';

const { server, oauth, spa } = useOAuthTests();

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
    expect(jwtPayload(tokens.access_token)).toMatchObject({
      sub: spa.user_uuid,
      client_id: PARTNER_ID,
      aud: PARTNER_ID,
      scope: 'openid profile',
      iss: 'http://localhost:8080',
    });
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
    const rows = await server.db
      .selectFrom('sessions')
      .selectAll()
      .where('kind', '=', 'oauth')
      .orderBy('created_at')
      .execute();
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
    const answer = await oauth.postForm(TOKEN, {
      grant_type: 'authorization_code',
      code: issued.code,
      redirect_uri: PARTNER_REDIRECT,
      client_id: PARTNER_ID,
    });
    expect(oauthError(answer)).toEqual(INVALID_GRANT);
  });

  it('refuses a malformed code_verifier with invalid_grant', async () => {
    const issued = await oauth.code(spa.access);
    expect(oauthError(await oauth.redeem({ ...issued, verifier: 'short' }))).toEqual(INVALID_GRANT);
  });

  it("refuses a confidential client's code without its code_verifier with invalid_grant: the secret does not replace PKCE", async () => {
    const { code_verifier: _verifier, ...form } = bankForm(await oauth.bankCode(spa.access));
    const headers = { authorization: basic(BANK_ID, BANK_SECRET) };
    expect(oauthError(await oauth.postForm(TOKEN, form, { headers }))).toEqual(INVALID_GRANT);
    expect(
      oauthError(await oauth.postForm(TOKEN, { ...form, code_verifier: pkcePair().verifier }, { headers })),
    ).toEqual(INVALID_GRANT);
    // With the verifier the same code is good: the failures did not use it up.
    expect((await oauth.postForm(TOKEN, bankForm(form.code), { headers })).status).toBe(200);
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
  ])(
    'refuses a redirect_uri that differs from the authorization request by %s with invalid_grant',
    async (_name, redirectUri) => {
      const issued = await oauth.code(spa.access);
      expect(oauthError(await oauth.redeem(issued, { redirect_uri: redirectUri }))).toEqual(INVALID_GRANT);
    },
  );

  it('refuses an unknown code with invalid_grant', async () => {
    expect(oauthError(await oauth.redeem({ code: 'no-such-code', verifier: pkcePair().verifier }))).toEqual(
      INVALID_GRANT,
    );
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
    const session = await server.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('id', '=', jwtPayload(first.json.access_token).sid as string)
      .executeTakeFirstOrThrow();
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
    const answer = await oauth.postForm(TOKEN, {
      grant_type: 'authorization_code',
      redirect_uri: PARTNER_REDIRECT,
      client_id: PARTNER_ID,
    });
    expect(oauthError(answer)).toEqual([400, 'invalid_request']);
  });
});

describe('the request', () => {
  it.each(['password', 'client_credentials', 'implicit', 'urn:ietf:params:oauth:grant-type:device_code', 'token'])(
    'refuses grant_type=%s with unsupported_grant_type',
    async (grantType) => {
      const answer = await oauth.postForm(TOKEN, {
        grant_type: grantType,
        client_id: PARTNER_ID,
        username: '+998901112233',
        password: 'Qovun-pishdi-Chorsu-7',
      });
      expect(oauthError(answer)).toEqual([400, 'unsupported_grant_type']);
    },
  );

  it('refuses a request without grant_type with invalid_request', async () => {
    expect(oauthError(await oauth.postForm(TOKEN, { client_id: PARTNER_ID }))).toEqual([400, 'invalid_request']);
  });

  it('takes only a form body (RFC 6749 §4.1.3): JSON is invalid_request', async () => {
    const issued = await oauth.code(spa.access);
    const answer = await server.post(TOKEN, {
      grant_type: 'authorization_code',
      code: issued.code,
      redirect_uri: PARTNER_REDIRECT,
      client_id: PARTNER_ID,
      code_verifier: issued.verifier,
    });
    expect(oauthError(answer)).toEqual([400, 'invalid_request']);
  });

  it('refuses a parameter sent twice with invalid_request (RFC 6749 §3.2)', async () => {
    const issued = await oauth.code(spa.access);
    const rawBody = `${new URLSearchParams({ grant_type: 'authorization_code', code: issued.code, redirect_uri: PARTNER_REDIRECT, client_id: PARTNER_ID, code_verifier: issued.verifier })}&code=${issued.code}`;
    const answer = await server.call('POST', TOKEN, {
      rawBody,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oauthError(answer)).toEqual([400, 'invalid_request']);
  });
});
