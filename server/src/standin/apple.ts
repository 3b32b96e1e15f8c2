/**
 * Sign in with Apple as Kirish meets it (docs/social-sign-in.md, Apple): the code grant answered by
 * `form_post`, a client secret that is an ES256 JWT the client signs with its registered key, and ES256
 * ID tokens checked against the JWKS at `/apple/auth/keys`. The signing key is made at start.
 */
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { randomSecret } from '../lib/secrets.js';
import { resolveStandard, serveAuthorize } from './authorize.js';
import { exchangeCode, issueCodeFor } from './code-flow.js';
import type { StandinContext } from './context.js';
import { formFields } from './credentials.js';
import { generateEs256Key, publicJwk, publicKeyFromPem, signEs256, verifyEs256 } from './es256.js';
import type { StandinAppleClient } from './options.js';
import { formPostPage } from './page.js';

/** Apple takes a client secret that lives at most six months (15,777,000 s). */
export const CLIENT_SECRET_MAX_LIFETIME_SECONDS = 15_777_000;
const ID_TOKEN_LIFETIME_SECONDS = 600;

/** Whether `secret` is a client secret `client` signed for this issuer, alive now. */
function clientSecretHolds(secret: string, client: StandinAppleClient, issuer: string, nowSeconds: number): boolean {
  const publicKey = publicKeyFromPem(client.publicKeyPem);
  const verified = publicKey && verifyEs256(secret, publicKey);
  if (!verified) return false;
  const { header, claims } = verified;
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  return (
    header.kid === client.keyId &&
    claims.iss === client.teamId &&
    claims.sub === client.clientId &&
    claims.aud === issuer &&
    Number.isFinite(iat) &&
    Number.isFinite(exp) &&
    iat <= nowSeconds + 60 &&
    exp > nowSeconds &&
    exp - iat <= CLIENT_SECRET_MAX_LIFETIME_SECONDS
  );
}

export function appleApp(ctx: StandinContext): Hono {
  const app = new Hono();
  const issuer = `${ctx.origin}/apple`;
  const key = generateEs256Key(`standin-${randomSecret(6)}`);
  // Apple sends the person's name and e-mail with the first authorization of an app only.
  const introduced = new Set<string>();

  serveAuthorize(app, '/auth/authorize', {
    provider: 'apple',
    resolve: (query, c) =>
      resolveStandard(
        ctx.clients.apple?.map((client) => ({ ...client, clientSecret: '' })),
        query,
        c,
        {
          responseType: 'code',
          delivery: 'page',
          check: (q) =>
            q.get('response_mode') === 'form_post' || !/\b(name|email)\b/.test(q.get('scope') ?? '')
              ? null
              : 'response_mode must be form_post when name or email scope is requested',
        },
      ),
    approve: (c, request, identity, subject) => {
      const code = issueCodeFor(ctx, request, identity, subject, { nonce: request.query.get('nonce') });
      const fields: Record<string, string> = { code };
      if (request.state !== null) fields.state = request.state;
      const seen = `${request.clientId} ${subject}`;
      if (!introduced.has(seen)) {
        introduced.add(seen);
        fields.user = JSON.stringify({
          name: { firstName: identity.firstName, lastName: identity.lastName },
          ...(identity.email ? { email: identity.email } : {}),
        });
      }
      return formPostPage(c, request.redirectUri, fields);
    },
    deny: (c, request) =>
      formPostPage(c, request.redirectUri, {
        error: 'user_cancelled_authorize',
        ...(request.state === null ? {} : { state: request.state }),
      }),
  });

  app.get('/auth/keys', (c) => c.json({ keys: [publicJwk(key)] }));

  app.post('/auth/token', async (c) => {
    const form = await formFields(c);
    const nowSeconds = Math.floor(ctx.clock.now() / 1000);
    const client = ctx.clients.apple?.find((registered) => registered.clientId === form.client_id);
    if (!client || !clientSecretHolds(form.client_secret ?? '', client, issuer, nowSeconds))
      return c.json({ error: 'invalid_client' }, 400);
    if (form.grant_type !== 'authorization_code') return c.json({ error: 'unsupported_grant_type' }, 400);
    const exchange = exchangeCode(ctx, form.code, client.clientId, form.redirect_uri);
    if ('refused' in exchange) return c.json({ error: 'invalid_grant' }, 400);
    const issued = exchange.redeem();
    const { identity, subject, nonce } = exchange.consent;
    // Without a shared e-mail Apple gives a private relay address; its local part is the subject's own
    // (a hash: a typed subject need not have Apple's dotted shape).
    const email = identity.email ?? `${sha256Hex(subject).slice(0, 12)}@privaterelay.appleid.com`;
    const idToken = signEs256(key, {
      iss: issuer,
      aud: client.clientId,
      exp: nowSeconds + ID_TOKEN_LIFETIME_SECONDS,
      iat: nowSeconds,
      sub: subject,
      ...(nonce === null ? {} : { nonce, nonce_supported: true }),
      email,
      email_verified: identity.email ? identity.emailVerified : true,
      is_private_email: identity.email === null,
      auth_time: nowSeconds,
    });
    return c.json({
      access_token: issued.token,
      token_type: 'Bearer',
      expires_in: ctx.secondsLeft(issued.expiresAtMs),
      refresh_token: `r.${issued.token}`,
      id_token: idToken,
    });
  });
  return app;
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
