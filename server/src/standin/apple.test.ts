/**
 * Apple on the stand-in, over HTTP: the form_post answer, the ES256 client secret Kirish signs, and an
 * ES256 ID token that jose verifies against the stand-in's JWKS (a verifier the stand-in does not share).
 */
import type { KeyObject } from 'node:crypto';
import { createLocalJWKSet, jwtVerify, SignJWT, type JSONWebKeySet } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  appleKey,
  consent,
  fetchManual,
  jsonOf,
  redirectUri,
  strangerKey,
  useStandin,
} from '../test-support/standin.js';

const standin = useStandin();
const issuer = () => `${standin.origin()}/apple`;
const authorizeUrl = (params: Record<string, string> = {}) =>
  `${standin.origin()}/apple/auth/authorize?${new URLSearchParams({
    client_id: 'kirish-apple',
    redirect_uri: redirectUri('apple'),
    response_type: 'code',
    scope: 'name email',
    response_mode: 'form_post',
    state: 'state-apple',
    nonce: 'nonce-apple',
    ...params,
  })}`;

interface SecretClaims {
  kid?: string;
  iss?: string;
  sub?: string;
  aud?: string;
  lifetimeSeconds?: number;
}
function clientSecret(key: KeyObject = appleKey.privateKey, claims: SecretClaims = {}) {
  const now = Math.floor(standin.clock.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: claims.kid ?? 'STANDINKEY' })
    .setIssuer(claims.iss ?? 'STANDINTEAM')
    .setSubject(claims.sub ?? 'kirish-apple')
    .setAudience(claims.aud ?? issuer())
    .setIssuedAt(now)
    .setExpirationTime(now + (claims.lifetimeSeconds ?? 3600))
    .sign(key);
}

/** The fields of the form_post page: the inputs it would POST to the redirect URI. */
async function formPost(response: Response) {
  expect(response.status).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<form method="post" action="${redirectUri('apple')}"`);
  expect(html).toContain('.submit()');
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2]!.replaceAll('&#34;', '"').replaceAll('&#38;', '&'),
    ]),
  );
  return fields as Record<string, string>;
}

const tokenCall = async (code: string, secret?: string, params: Record<string, string> = {}) =>
  fetch(`${standin.origin()}/apple/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: 'kirish-apple',
      client_secret: secret ?? (await clientSecret()),
      code,
      grant_type: 'authorization_code',
      redirect_uri: redirectUri('apple'),
      ...params,
    }),
  });

async function jwks() {
  return createLocalJWKSet((await (await fetch(`${standin.origin()}/apple/auth/keys`)).json()) as JSONWebKeySet);
}

describe('the stand-in for Apple', () => {
  it('gives a typed person without an e-mail, whatever their subject, a private relay address', async () => {
    const posted = await formPost(
      await consent(standin.origin(), 'apple', authorizeUrl(), {
        identity: 'typed',
        first_name: 'Aziza',
        last_name: 'Karimova',
        subject: 'no-dots-here',
      }),
    );
    const token = await tokenCall(posted.code!);
    expect(token.status).toBe(200);
    const { payload } = await jwtVerify(String((await jsonOf(token)).id_token), await jwks(), {
      currentDate: new Date(standin.clock.now()),
    });
    expect(payload.email).toMatch(/^[0-9a-f]{12}@privaterelay\.appleid\.com$/);
  });

  it('posts the code, the state and (the first time only) the user; the ID token verifies against the JWKS', async () => {
    const first = await formPost(await consent(standin.origin(), 'apple', authorizeUrl()));
    expect(first.state).toBe('state-apple');
    expect(JSON.parse(first.user!)).toEqual({
      name: { firstName: 'Dilnoza', lastName: 'Yusupova' },
      email: 'dilnoza@example.com',
    });
    const token = await tokenCall(first.code!);
    expect(token.status).toBe(200);
    const body = await jsonOf(token);
    expect(body).toMatchObject({ token_type: 'Bearer' });
    const { payload, protectedHeader } = await jwtVerify(String(body.id_token), await jwks(), {
      issuer: issuer(),
      audience: 'kirish-apple',
      currentDate: new Date(standin.clock.now()),
    });
    expect(protectedHeader.alg).toBe('ES256');
    expect(payload).toMatchObject({ nonce: 'nonce-apple', email: 'dilnoza@example.com', email_verified: true });
    expect(payload.exp).toBeGreaterThan(payload.iat!);

    const again = await formPost(await consent(standin.origin(), 'apple', authorizeUrl()));
    expect(again.user).toBeUndefined();
    const second = await jsonOf(await tokenCall(again.code!));
    const { payload: same } = await jwtVerify(String(second.id_token), await jwks(), {
      currentDate: new Date(standin.clock.now()),
    });
    expect(same.sub).toBe(payload.sub);
  });

  it('refuses a client secret signed by another key, or naming another team, key, client or audience', async () => {
    const code = async () => (await formPost(await consent(standin.origin(), 'apple', authorizeUrl()))).code!;
    const forged = [
      await clientSecret(strangerKey.privateKey),
      await clientSecret(undefined, { kid: 'OTHERKEY' }),
      await clientSecret(undefined, { iss: 'OTHERTEAM' }),
      await clientSecret(undefined, { sub: 'other-apple' }),
      await clientSecret(undefined, { aud: 'https://appleid.apple.com' }),
      await clientSecret(undefined, { lifetimeSeconds: 15_777_001 }),
    ];
    for (const secret of forged) {
      const refused = await tokenCall(await code(), secret);
      expect(refused.status).toBe(400);
      expect(await jsonOf(refused)).toEqual({ error: 'invalid_client' });
    }
    const expired = await clientSecret();
    const late = await code();
    standin.clock.advanceSeconds(3600);
    expect(await jsonOf(await tokenCall(late, expired))).toEqual({ error: 'invalid_client' });
  });

  it('refuses a reused code, an expired code and another redirect URI as invalid_grant', async () => {
    const code = async () => (await formPost(await consent(standin.origin(), 'apple', authorizeUrl()))).code!;
    const once = await code();
    expect((await tokenCall(once)).status).toBe(200);
    expect(await jsonOf(await tokenCall(once))).toEqual({ error: 'invalid_grant' });
    expect(
      await jsonOf(await tokenCall(await code(), undefined, { redirect_uri: `${redirectUri('apple')}/x` })),
    ).toEqual({ error: 'invalid_grant' });
    const late = await code();
    standin.clock.advanceSeconds(600);
    expect(await jsonOf(await tokenCall(late))).toEqual({ error: 'invalid_grant' });
  });

  it('posts user_cancelled_authorize on Cancel, and refuses a redirect URI not registered on its page', async () => {
    const cancelled = await formPost(await consent(standin.origin(), 'apple', authorizeUrl(), { action: 'cancel' }));
    expect(cancelled).toEqual({ error: 'user_cancelled_authorize', state: 'state-apple' });
    const page = await fetchManual(authorizeUrl({ redirect_uri: 'https://evil.example/oauth/apple' }));
    expect(page.status).toBe(400);
    expect(await page.text()).not.toContain('evil.example/oauth/apple" ');
  });
});
