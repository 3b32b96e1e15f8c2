/** Token revocation (RFC 7009), POST /oauth/revoke/. */
import { describe, expect, it } from 'vitest';
import { useOAuthTests } from '../../test-support/oauth-harness.js';
import { BANK_ID, BANK_SECRET, OTHER_ID, PARTNER_ID, PARTNER_ORIGIN, REVOKE } from '../../test-support/oauth.js';
import { V1 } from '../../test-support/test-server.js';

const { server, oauth, spa } = useOAuthTests();
const revoke = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  oauth.postForm(REVOKE, form, { headers });

describe('POST /oauth/revoke/', () => {
  it('revokes a refresh token: the whole session ends, its access token too', async () => {
    const tokens = await oauth.tokens(spa.access);
    const answer = await revoke({
      token: tokens.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: PARTNER_ID,
    });
    expect([answer.status, answer.text]).toEqual([200, '']);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect((await oauth.refresh(tokens.refresh_token)).json.error).toBe('invalid_grant');
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(401);
  });

  it('revokes an access token, and userinfo refuses it at once', async () => {
    const tokens = await oauth.tokens(spa.access);
    expect(
      (await revoke({ token: tokens.access_token, token_type_hint: 'access_token', client_id: PARTNER_ID })).status,
    ).toBe(200);
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(401);
    expect((await oauth.refresh(tokens.refresh_token)).status).toBe(400);
  });

  it('finds the token whatever the hint says', async () => {
    const tokens = await oauth.tokens(spa.access);
    expect(
      (await revoke({ token: tokens.access_token, token_type_hint: 'refresh_token', client_id: PARTNER_ID })).status,
    ).toBe(200);
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(401);
  });

  it('answers 200 for an unknown or malformed token (RFC 7009 §2.2)', async () => {
    expect((await revoke({ token: 'no-such-token', client_id: PARTNER_ID })).status).toBe(200);
    expect((await revoke({ token: 'a.b.c', client_id: PARTNER_ID })).status).toBe(200);
  });

  it("answers 200 for another client's token, and revokes nothing", async () => {
    const tokens = await oauth.tokens(spa.access);
    expect((await revoke({ token: tokens.refresh_token, client_id: OTHER_ID })).status).toBe(200);
    expect((await revoke({ token: tokens.access_token, client_id: OTHER_ID })).status).toBe(200);
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(200);
    expect((await oauth.refresh(tokens.refresh_token)).status).toBe(200);
  });

  it("answers 200 for the SPA's own tokens, and does not sign the user out of Kirish", async () => {
    expect((await revoke({ token: spa.refresh, client_id: PARTNER_ID })).status).toBe(200);
    expect((await revoke({ token: spa.access, client_id: PARTNER_ID })).status).toBe(200);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: spa.access })).status).toBe(200);
  });

  it('authenticates a confidential client like the token endpoint does', async () => {
    const answer = await revoke({ token: 'whatever', client_id: BANK_ID, client_secret: 'wrong' });
    expect([answer.status, answer.json.error]).toEqual([401, 'invalid_client']);
    expect((await revoke({ token: 'whatever', client_id: BANK_ID, client_secret: BANK_SECRET })).status).toBe(200);
  });

  it('refuses an unknown client with 401 invalid_client, and a missing token with invalid_request', async () => {
    expect((await revoke({ token: 'x', client_id: 'nobody' })).json.error).toBe('invalid_client');
    const missing = await revoke({ client_id: PARTNER_ID });
    expect([missing.status, missing.json.error]).toEqual([400, 'invalid_request']);
  });

  it("lets the client's web origin read the answer", async () => {
    const answer = await revoke({ token: 'x', client_id: PARTNER_ID }, { origin: PARTNER_ORIGIN });
    expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
  });
});
