/**
 * Google as Kirish meets it (docs/social-sign-in.md, Google): the implicit grant (RFC 6749 §4.2), the
 * token-info check that tells which client a token was issued to, and OpenID Connect's userinfo.
 */
import { Hono } from 'hono';
import { redirectWith, resolveStandard, serveAuthorize } from './authorize.js';
import { tokenFromHeader } from './credentials.js';
import type { StandinContext } from './context.js';

export function googleApp(ctx: StandinContext): Hono {
  const app = new Hono();
  serveAuthorize(app, '/o/oauth2/v2/auth', {
    provider: 'google',
    resolve: (query, c) =>
      resolveStandard(ctx.clients.google, query, c, {
        responseType: 'token',
        delivery: 'fragment',
        check: (q) => (q.get('scope') ? null : 'Missing required parameter: scope'),
      }),
    approve: (c, request, identity, subject) => {
      const scope = request.query.get('scope') ?? '';
      const issued = ctx.grants.issueToken({
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        identity,
        subject,
        scope,
        nonce: request.query.get('nonce'),
        codeChallenge: null,
      });
      return redirectWith(
        c,
        request.redirectUri,
        {
          access_token: issued.token,
          token_type: 'Bearer',
          expires_in: String(ctx.secondsLeft(issued.expiresAtMs)),
          scope,
          state: request.state,
        },
        'fragment',
      );
    },
    deny: (c, request) =>
      redirectWith(c, request.redirectUri, { error: 'access_denied', state: request.state }, 'fragment'),
  });

  // The audience check a client makes before trusting a token (token substitution, RFC 6819 §4.6.4).
  app.get('/tokeninfo', (c) => {
    const issued = ctx.grants.findToken(c.req.query('access_token') ?? '');
    if (!issued) return c.json({ error: 'invalid_token', error_description: 'Invalid Value' }, 400);
    const { consent } = issued;
    return c.json({
      azp: consent.clientId,
      aud: consent.clientId,
      sub: consent.subject,
      scope: consent.scope,
      exp: String(Math.floor(issued.expiresAtMs / 1000)),
      expires_in: String(ctx.secondsLeft(issued.expiresAtMs)),
      ...(consent.identity.email
        ? { email: consent.identity.email, email_verified: String(consent.identity.emailVerified) }
        : {}),
      access_type: 'online',
    });
  });

  app.get('/v1/userinfo', (c) => {
    const issued = ctx.grants.findToken(tokenFromHeader(c, 'Bearer') ?? '');
    if (!issued) {
      c.header('WWW-Authenticate', `Bearer realm="${ctx.origin}/google", error="invalid_token"`);
      return c.json({ error: 'invalid_request', error_description: 'Invalid Credentials' }, 401);
    }
    const { identity, subject } = issued.consent;
    return c.json({
      sub: subject,
      name: `${identity.firstName} ${identity.lastName}`.trim(),
      given_name: identity.firstName,
      ...(identity.lastName ? { family_name: identity.lastName } : {}),
      picture: ctx.pictureUrl,
      ...(identity.email ? { email: identity.email, email_verified: identity.emailVerified } : {}),
      locale: 'uz',
    });
  });
  return app;
}
