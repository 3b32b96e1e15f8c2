/**
 * The userinfo endpoint (OpenID Connect Core §5.3) and the wall between a partner's tokens and the
 * SPA's: each side refuses the other's.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_ALG, createAccessTokenSigner } from '../../lib/jwt.js';
import { createKeyCipher } from '../../lib/key-encryption.js';
import { createSigningKeyStore } from '../../services/signing-key-store.js';
import {
  OTHER_ORIGIN,
  PARTNER_ID,
  PARTNER_ORIGIN,
  USERINFO,
  jwtPayload,
  oauthSteps,
} from '../../test-support/oauth.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const server = useTestServer();
const oauth = oauthSteps(server);
let spa: { access: string; refresh: string; user_uuid: string; session: string };

beforeEach(async () => {
  await oauth.registerClients();
  // An account with a phone and an unverified e-mail (registration kind 1).
  spa = await oauth.signIn('+998901112233', { kind: 1, email: 'dilnoza@example.uz' });
});

describe('GET /oauth/userinfo/', () => {
  it('answers only sub for openid alone', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid' });
    const answer = await oauth.userinfo(tokens.access_token);
    expect([answer.status, answer.json]).toEqual([200, { sub: spa.user_uuid }]);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses a token of a client no longer registered, even while its session is open', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid' });
    // A row gone by a road that ends no session (a cascade, an operator's hand): the token still goes.
    await server.db.deleteFrom('oauth_grants').where('client_id', '=', PARTNER_ID).execute();
    await server.db.deleteFrom('oauth_clients').where('id', '=', PARTNER_ID).execute();
    const answer = await oauth.userinfo(tokens.access_token);
    expect([answer.status, answer.headers.get('www-authenticate')]).toEqual([401, 'Bearer error="invalid_token"']);
  });

  it('adds the name for profile', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid profile' });
    expect((await oauth.userinfo(tokens.access_token)).json).toEqual({
      sub: spa.user_uuid,
      given_name: 'Dilnoza',
      family_name: 'Yusupova',
      name: 'Dilnoza Yusupova',
    });
  });

  it('adds the phone, verified, for phone', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid phone' });
    expect((await oauth.userinfo(tokens.access_token)).json).toEqual({
      sub: spa.user_uuid,
      phone_number: '+998901112233',
      phone_number_verified: true,
    });
  });

  it('adds the e-mail, saying whether it is verified, for email', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid email' });
    expect((await oauth.userinfo(tokens.access_token)).json).toEqual({
      sub: spa.user_uuid,
      email: 'dilnoza@example.uz',
      email_verified: false,
    });
  });

  it('leaves out a claim the account has no value for', async () => {
    const noEmail = await oauth.signIn('+998901112255');
    const tokens = await oauth.tokens(noEmail.access, { scope: 'openid email phone' });
    expect((await oauth.userinfo(tokens.access_token)).json).toEqual({
      sub: noEmail.user_uuid,
      phone_number: '+998901112255',
      phone_number_verified: true,
    });
  });

  it('answers POST as GET', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid profile' });
    const answer = await server.call('POST', USERINFO, { token: tokens.access_token });
    expect([answer.status, answer.json.name]).toEqual([200, 'Dilnoza Yusupova']);
  });

  it('refuses a missing token with 401 and a bare Bearer challenge (RFC 6750 §3.1)', async () => {
    const answer = await server.call('GET', USERINFO);
    expect(answer.status).toBe(401);
    expect(answer.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('refuses a garbage, expired or ended token with 401 and an invalid_token challenge', async () => {
    const tokens = await oauth.tokens(spa.access);
    const garbage = await oauth.userinfo('garbage');
    expect([garbage.status, garbage.json.error, garbage.headers.get('www-authenticate')]).toEqual([
      401,
      'invalid_token',
      'Bearer error="invalid_token"',
    ]);

    server.clock.advanceSeconds(900);
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(401);
  });

  it('gives only the claims of the scopes the session was granted, whatever the token claims (OpenID Connect Core §5.4)', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid' });
    const { sid } = jwtPayload(tokens.access_token) as { sid: string };
    // A token for the same session that claims every scope, validly signed with the server's own key:
    // what a bug elsewhere, a stolen signing key's lesser cousin or a future token path could produce.
    const keys = createSigningKeyStore({
      storage: server.storage,
      clock: server.clock,
      cipher: createKeyCipher(server.config.keyEncryptionSecret.value),
    });
    const signer = createAccessTokenSigner(keys.source(ACCESS_ALG), server.clock, server.config.publicUrl);
    const claimsTooMuch = await signer.sign(
      { userId: spa.user_uuid, sessionId: sid, client: { clientId: PARTNER_ID, scope: 'openid profile phone email' } },
      900,
    );
    const answer = await oauth.userinfo(claimsTooMuch);
    expect([answer.status, answer.json]).toEqual([200, { sub: spa.user_uuid }]);
  });

  it('gives a narrower token only its own scopes, within the grant', async () => {
    const tokens = await oauth.tokens(spa.access, { scope: 'openid profile phone' });
    const narrower = await oauth.refresh(tokens.refresh_token, { scope: 'openid phone' });
    expect((await oauth.userinfo(narrower.json.access_token)).json).toEqual({
      sub: spa.user_uuid,
      phone_number: '+998901112233',
      phone_number_verified: true,
    });
  });

  it('refuses a token in the query: the Authorization header only', async () => {
    const tokens = await oauth.tokens(spa.access);
    expect((await server.call('GET', `${USERINFO}?access_token=${tokens.access_token}`)).status).toBe(401);
  });

  it('refuses a token of an account deactivated since', async () => {
    const tokens = await oauth.tokens(spa.access);
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', spa.user_uuid).execute();
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(401);
  });
});

describe("the wall between a partner's tokens and the SPA's", () => {
  it("the SPA's API refuses a partner's OAuth access token: it never acts on the Kirish account", async () => {
    const tokens = await oauth.tokens(spa.access);
    for (const [method, path] of [
      ['GET', `${V1}/user/MyProfile`],
      ['GET', `${V1}/user/deviceprofile/DeviceProfileList`],
      ['DELETE', `${V1}/user/LogoutUser/`],
      ['GET', `${V1}/user/grants/`],
    ] as const) {
      const answer = await server.call(method, path, { token: tokens.access_token });
      expect([answer.status, answer.json?.code], path).toEqual([401, 'token_not_valid']);
    }
    // The refused logout ended nothing.
    expect((await oauth.userinfo(tokens.access_token)).status).toBe(200);
  });

  it("userinfo refuses the SPA's own access token", async () => {
    const answer = await oauth.userinfo(spa.access);
    expect([answer.status, answer.json.error]).toEqual([401, 'invalid_token']);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: spa.access })).status).toBe(200);
  });
});

describe('CORS', () => {
  it("lets the token's client's web origin read the claims, and no other origin", async () => {
    const tokens = await oauth.tokens(spa.access);
    const own = await oauth.userinfo(tokens.access_token, { headers: { origin: PARTNER_ORIGIN } });
    expect(own.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
    expect(own.headers.get('vary')).toMatch(/\bOrigin\b/);
    const other = await oauth.userinfo(tokens.access_token, { headers: { origin: OTHER_ORIGIN } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a registered web origin read a refusal (it holds no data), so a page can tell it must refresh', async () => {
    const answer = await oauth.userinfo('garbage', { headers: { origin: OTHER_ORIGIN } });
    expect(answer.status).toBe(401);
    expect(answer.headers.get('access-control-allow-origin')).toBe(OTHER_ORIGIN);
    const stranger = await oauth.userinfo('garbage', { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers the preflight its Authorization header needs', async () => {
    const answer = await server.call('OPTIONS', USERINFO, {
      headers: { origin: PARTNER_ORIGIN, 'access-control-request-headers': 'authorization' },
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe(PARTNER_ORIGIN);
    expect(answer.headers.get('access-control-allow-headers')).toBe('Authorization, Content-Type');
  });
});
