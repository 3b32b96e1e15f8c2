/**
 * Facebook Login as Kirish meets it (docs/social-sign-in.md, Facebook): the code grant on the Graph API
 * and `me`, which, as an app with "Require App Secret" set, takes a call only with its `appsecret_proof`
 * (the access token's HMAC-SHA-256 keyed by the app secret), so a stolen token is no use without the secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { redirectWith, resolveStandard, serveAuthorize } from './authorize.js';
import { authenticClient, exchangeCode, issueCodeFor } from './code-flow.js';
import type { StandinContext } from './context.js';

const VERSION = '/v19.0';

const graphError = (message: string, code: number, type = 'OAuthException') => ({
  error: { message, type, code, fbtrace_id: 'standin' },
});

export function facebookApp(ctx: StandinContext): Hono {
  const app = new Hono();
  serveAuthorize(app, `${VERSION}/dialog/oauth`, {
    provider: 'facebook',
    resolve: (query, c) => resolveStandard(ctx.clients.facebook, query, c, { responseType: 'code', delivery: 'query' }),
    approve: (c, request, identity, subject) =>
      redirectWith(
        c,
        request.redirectUri,
        { code: issueCodeFor(ctx, request, identity, subject), state: request.state },
        'query',
      ),
    deny: (c, request) =>
      redirectWith(
        c,
        request.redirectUri,
        {
          error: 'access_denied',
          error_code: '200',
          error_description: 'Permissions error',
          error_reason: 'user_denied',
          state: request.state,
        },
        'query',
      ),
  });

  app.get(`${VERSION}/oauth/access_token`, (c) => {
    const q = c.req.query();
    if (!authenticClient(ctx.clients.facebook, q.client_id, q.client_secret))
      return c.json(graphError('Error validating client secret.', 1), 400);
    const exchange = exchangeCode(ctx, q.code, q.client_id!, q.redirect_uri);
    if ('refused' in exchange)
      return c.json(
        graphError(
          exchange.refused === 'redirect_uri'
            ? 'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request'
            : 'This authorization code has expired or has been used.',
          100,
        ),
        400,
      );
    const issued = exchange.redeem();
    return c.json({
      access_token: issued.token,
      token_type: 'bearer',
      expires_in: ctx.secondsLeft(issued.expiresAtMs),
    });
  });

  app.get(`${VERSION}/me`, (c) => {
    const q = c.req.query();
    const issued = ctx.grants.findToken(q.access_token ?? '');
    if (!issued) return c.json(graphError('Invalid OAuth access token - Cannot parse access token', 190), 400);
    const secret = ctx.clients.facebook?.find((client) => client.clientId === issued.consent.clientId)?.clientSecret;
    const proof = createHmac('sha256', secret ?? '')
      .update(issued.token)
      .digest();
    const given = Buffer.from(q.appsecret_proof ?? '', 'hex');
    if (!q.appsecret_proof)
      return c.json(
        graphError('API calls from the server require an appsecret_proof argument', 100, 'GraphMethodException'),
        400,
      );
    if (given.length !== proof.length || !timingSafeEqual(given, proof))
      return c.json(
        graphError('Invalid appsecret_proof provided in the API argument', 100, 'GraphMethodException'),
        400,
      );
    const { identity, subject } = issued.consent;
    const fields = (q.fields ?? 'id,name').split(',');
    const all: Record<string, unknown> = {
      id: subject,
      name: `${identity.firstName} ${identity.lastName}`.trim(),
      first_name: identity.firstName,
      last_name: identity.lastName,
      ...(identity.email && identity.emailVerified ? { email: identity.email } : {}),
      picture: { data: { height: 50, width: 50, is_silhouette: false, url: ctx.pictureUrl } },
    };
    return c.json(Object.fromEntries(Object.entries(all).filter(([name]) => name === 'id' || fields.includes(name))));
  });
  return app;
}
