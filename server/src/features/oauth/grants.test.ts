/** The apps a user let in: GET /user/grants/ and DELETE /user/grants/?client_id= . */
import { describe, expect, it } from 'vitest';
import { useOAuthTests } from '../../test-support/oauth-harness.js';
import { OTHER_ID, OTHER_REDIRECT, PARTNER_ID, pkcePair } from '../../test-support/oauth.js';
import { V1 } from '../../test-support/test-server.js';

const { server, oauth, spa } = useOAuthTests();
const GRANTS = `${V1}/user/grants/`;
const list = (token = spa.access) => server.call('GET', GRANTS, { token });
const revoke = (clientId: string, token = spa.access) =>
  server.call('DELETE', `${GRANTS}?client_id=${encodeURIComponent(clientId)}`, { token });
const otherTokens = () =>
  oauth.tokens(spa.access, { client_id: OTHER_ID, redirect_uri: OTHER_REDIRECT, scope: 'openid', nonce: undefined });

describe('GET /user/grants/', () => {
  it('lists the apps the user let in, newest first, with their scopes and when consent was first given', async () => {
    const firstAt = new Date(server.clock.now()).toISOString();
    await oauth.tokens(spa.access, { scope: 'openid email' });
    server.clock.advanceSeconds(60);
    await oauth.tokens(spa.access, { scope: 'profile openid' });
    server.clock.advanceSeconds(60);
    await otherTokens();

    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([
      {
        client_id: OTHER_ID,
        name: 'Other Shop',
        logo_url: null,
        scopes: ['openid'],
        created_at: new Date(server.clock.now()).toISOString(),
      },
      {
        client_id: PARTNER_ID,
        name: 'Partner Shop',
        logo_url: 'https://shop.example.uz/logo.png',
        scopes: ['openid', 'profile', 'email'],
        created_at: firstAt,
      },
    ]);
  });

  it("shows nothing of other users' grants, and nothing before any consent", async () => {
    expect((await list()).json).toEqual([]);
    const other = await oauth.signIn('+998901112299');
    await oauth.tokens(other.access);
    expect((await list()).json).toEqual([]);
  });

  it("needs the signed-in user's token", async () => {
    expect((await server.call('GET', GRANTS)).status).toBe(401);
  });
});

describe('DELETE /user/grants/?client_id=', () => {
  it("forgets the consent and ends that app's sessions: its tokens stop working at once", async () => {
    const partner = await oauth.tokens(spa.access);
    const partnerAgain = await oauth.tokens(spa.access);
    const other = await otherTokens();

    const answer = await revoke(PARTNER_ID);
    expect([answer.status, answer.text]).toEqual([204, '']);
    for (const tokens of [partner, partnerAgain]) {
      expect((await oauth.userinfo(tokens.access_token)).status).toBe(401);
      expect((await oauth.refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
    }
    expect((await list()).json.map((grant: { client_id: string }) => grant.client_id)).toEqual([OTHER_ID]);
    // Another app and the user's own sign-in to Kirish go on.
    expect((await oauth.userinfo(other.access_token)).status).toBe(200);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: spa.access })).status).toBe(200);
  });

  it('makes the app ask for consent again', async () => {
    await oauth.tokens(spa.access);
    await revoke(PARTNER_ID);
    const answer = await oauth.authorize(spa.access, oauth.request(pkcePair().challenge));
    expect(answer.json.consent_required).toBe(true);
  });

  it("leaves a sign-in to Kirish that merely started on the app's consent page (OauthClientId header) signed in", async () => {
    await oauth.tokens(spa.access);
    const login = await server.post(
      `${V1}/login/LoginUser/`,
      { phone: '+998901112233', password: 'Qovun-pishdi-Chorsu-7' },
      { headers: { OauthClientId: PARTNER_ID } },
    );
    await revoke(PARTNER_ID);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: login.json.access as string })).status).toBe(200);
  });

  it('is idempotent: a client without grants, or unknown, answers 204 too', async () => {
    expect((await revoke(PARTNER_ID)).status).toBe(204);
    expect((await revoke('nobody')).status).toBe(204);
  });

  it("needs client_id, and the signed-in user's token", async () => {
    const missing = await server.call('DELETE', GRANTS, { token: spa.access });
    expect([missing.status, missing.json]).toEqual([
      400,
      { errors: [{ error: 'field_required', field: 'client_id' }] },
    ]);
    expect((await server.call('DELETE', `${GRANTS}?client_id=${PARTNER_ID}`)).status).toBe(401);
  });
});
