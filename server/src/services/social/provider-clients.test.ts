import { createPublicKey } from 'node:crypto';
import { createServer } from 'node:net';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.js';
import { standinRegistrations } from '../../config/social-config.js';
import { createManualClock } from '../../lib/clock.js';
import { appleClientSecret } from './apple.js';
import { createProviderClients } from './provider-clients.js';
import { s256Challenge } from './twitter.js';
import { startRegisteredStandin } from '../../test-support/provider-clients.js';
import { answerOf, consent } from '../../test-support/standin.js';

const clock = createManualClock();
/** RFC 7636 Appendix B's verifier: its S256 challenge is E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM. */
const FLOW = { state: 'st', nonce: 'nn', codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk' };
const config = loadConfig({});
const clients = createProviderClients(config, { clock });

function authorization(provider: keyof typeof clients): { at: string; query: Record<string, string> } {
  const client = clients[provider];
  if (!client) throw new Error(`${provider} is offered outside production`);
  const url = new URL(client.authorizationUrl(FLOW));
  return { at: url.origin + url.pathname, query: Object.fromEntries(url.searchParams) };
}

const redirect = (provider: string) => `http://localhost:8080/oauth/${provider}`;

describe('createProviderClients', () => {
  it('makes a client for each offered provider: all eight outside production, the configured ones in production', () => {
    expect(Object.keys(clients).toSorted()).toEqual(
      ['apple', 'facebook', 'google', 'oneid', 'telegram', 'twitter', 'vk', 'yandex'].toSorted(),
    );
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://id.kirish.uz',
      SMTP_URL: 'smtps://user:pass@smtp.kirish.uz:465',
      SMS_GATEWAY_URL: 'https://sms.example.uz/send',
      KEY_ENCRYPTION_SECRET: 'Yq3Nf0-production-secret-of-32-chars-or-more',
      YANDEX_CLIENT_ID: 'y-id',
      YANDEX_CLIENT_SECRET: 'y-secret',
    });
    const offered = createProviderClients(production, { clock });
    expect(Object.keys(offered)).toEqual(['yandex']);
    // At Yandex's real host, with Kirish's public redirect URI.
    expect(offered.yandex?.authorizationUrl(FLOW)).toBe(
      'https://oauth.yandex.ru/authorize?response_type=token&client_id=y-id&redirect_uri=https%3A%2F%2Fid.kirish.uz%2Foauth%2Fyandex&state=st',
    );
  });
});

describe("each provider's authorization address (docs/social-sign-in.md)", () => {
  it('Google: the implicit flow with a nonce', () => {
    expect(authorization('google')).toEqual({
      at: 'http://127.0.0.1:8082/google/o/oauth2/v2/auth',
      query: {
        response_type: 'token',
        client_id: 'kirish-google',
        redirect_uri: redirect('google'),
        scope: 'openid email profile',
        state: 'st',
        nonce: 'nn',
      },
    });
  });

  it('Yandex: the implicit flow', () => {
    expect(authorization('yandex')).toEqual({
      at: 'http://127.0.0.1:8082/yandex/authorize',
      query: { response_type: 'token', client_id: 'kirish-yandex', redirect_uri: redirect('yandex'), state: 'st' },
    });
  });

  it('VK, Facebook: a code with the e-mail scope', () => {
    expect(authorization('vk')).toEqual({
      at: 'http://127.0.0.1:8082/vk/authorize',
      query: {
        client_id: 'kirish-vk',
        redirect_uri: redirect('vk'),
        response_type: 'code',
        scope: 'email',
        state: 'st',
        v: '5.199',
      },
    });
    expect(authorization('facebook')).toEqual({
      at: 'http://127.0.0.1:8082/facebook/v19.0/dialog/oauth',
      query: {
        client_id: 'kirish-facebook',
        redirect_uri: redirect('facebook'),
        state: 'st',
        response_type: 'code',
        scope: 'email',
      },
    });
  });

  it('Apple: a code posted back (form_post) with a nonce', () => {
    expect(authorization('apple')).toEqual({
      at: 'http://127.0.0.1:8082/apple/auth/authorize',
      query: {
        client_id: 'kirish-apple',
        redirect_uri: redirect('apple'),
        response_type: 'code',
        scope: 'name email',
        response_mode: 'form_post',
        state: 'st',
        nonce: 'nn',
      },
    });
  });

  it('OneID: one_code at its one path', () => {
    expect(authorization('oneid')).toEqual({
      at: 'http://127.0.0.1:8082/oneid/sso/oauth/Authorization.do',
      query: {
        response_type: 'one_code',
        client_id: 'kirish-oneid',
        redirect_uri: redirect('oneid'),
        scope: 'kirish-oneid',
        state: 'st',
      },
    });
  });

  it("X: a code with the S256 challenge of the flow's verifier (RFC 7636 §4.2), never the verifier", () => {
    expect(s256Challenge(FLOW.codeVerifier)).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    const { at, query } = authorization('twitter');
    expect({ at, query }).toEqual({
      at: 'http://127.0.0.1:8082/twitter/i/oauth2/authorize',
      query: {
        response_type: 'code',
        client_id: 'kirish-twitter',
        redirect_uri: redirect('twitter'),
        scope: 'users.read tweet.read',
        state: 'st',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      },
    });
  });
});

describe("Apple's client secret (Apple, Creating a client secret)", () => {
  it('is an ES256 JWT under the key id, from the team, about the Services ID, to the issuer, for minutes', async () => {
    const apple = config.social.providers.apple;
    if (!apple) throw new Error('apple is offered outside production');
    const secret = await appleClientSecret(apple, 'http://127.0.0.1:8082/apple', clock.now());
    expect(decodeProtectedHeader(secret)).toEqual({ alg: 'ES256', kid: 'STANDINKEY' });
    // Verified with the public half the stand-in is handed.
    const publicKeyPem = standinRegistrations(config.social, config.publicUrl).apple?.[0]?.publicKeyPem ?? '';
    const { payload } = await jwtVerify(secret, createPublicKey(publicKeyPem), {
      algorithms: ['ES256'],
      currentDate: new Date(clock.now()),
    });
    const iat = Math.floor(clock.now() / 1000);
    expect(payload).toEqual({
      iss: 'STANDINTEAM',
      iat,
      exp: iat + 300,
      aud: 'http://127.0.0.1:8082/apple',
      sub: 'kirish-apple',
    });
  });
});

describe('the development setup: the stand-in given standinRegistrations, Kirish its default configuration', () => {
  it('signs a person in with Google on STANDIN_PORT with the development credentials alone', async () => {
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, '127.0.0.1', resolve));
    const port = (free.address() as { port: number }).port;
    await new Promise<void>((resolve) => free.close(() => resolve()));

    const development = loadConfig({ STANDIN_PORT: String(port) });
    const standin = await startRegisteredStandin(port, development, clock);
    try {
      const google = createProviderClients(development, { clock }).google;
      const authorizeUrl = google?.authorizationUrl(FLOW) ?? '';
      expect(authorizeUrl.startsWith(`http://127.0.0.1:${port}/google/`)).toBe(true);
      const answer = answerOf(await consent(standin.origin, 'google', authorizeUrl), 'fragment');
      expect(answer.get('state')).toBe('st');
      const person = await google?.identify(
        { kind: 'access_token', accessToken: answer.get('access_token') ?? '' },
        FLOW,
      );
      expect(person?.email).toBe('dilnoza@example.com');
    } finally {
      await standin.stop();
    }
  });
});
