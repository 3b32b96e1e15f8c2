/**
 * VK ID as Kirish meets it (docs/social-sign-in.md, VK): the code grant, the token answer carrying the
 * user's id and confirmed e-mail, then `users.get`. VK answers API errors with 200 and an `error` object.
 */
import { Hono } from 'hono';
import { redirectWith, resolveStandard, serveAuthorize } from './authorize.js';
import { authenticClient, exchangeCode, issueCodeFor } from './code-flow.js';
import type { StandinContext } from './context.js';

export function vkApp(ctx: StandinContext): Hono {
  const app = new Hono();
  serveAuthorize(app, '/authorize', {
    provider: 'vk',
    resolve: (query, c) => resolveStandard(ctx.clients.vk, query, c, { responseType: 'code', delivery: 'query' }),
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
          error_reason: 'user_denied',
          error_description: 'User denied your request',
          state: request.state,
        },
        'query',
      ),
  });

  app.get('/access_token', (c) => {
    const q = c.req.query();
    if (!authenticClient(ctx.clients.vk, q.client_id, q.client_secret))
      return c.json({ error: 'invalid_client', error_description: 'client_secret is incorrect' }, 400);
    const exchange = exchangeCode(ctx, q.code, q.client_id!, q.redirect_uri);
    if ('refused' in exchange)
      return c.json(
        {
          error: 'invalid_grant',
          error_description:
            exchange.refused === 'redirect_uri'
              ? 'redirect_uri is incorrect, check application domain in the settings page'
              : 'Code is invalid or expired.',
        },
        400,
      );
    const issued = exchange.redeem();
    const { identity, subject, scope } = exchange.consent;
    const email = identity.email && identity.emailVerified && scope.split(/[ ,]/).includes('email');
    return c.json({
      access_token: issued.token,
      expires_in: ctx.secondsLeft(issued.expiresAtMs),
      user_id: Number(subject),
      ...(email ? { email: identity.email } : {}),
    });
  });

  app.get('/method/users.get', (c) => {
    const q = c.req.query();
    const issued = ctx.grants.findToken(q.access_token ?? '');
    if (!issued)
      return c.json({ error: { error_code: 5, error_msg: 'User authorization failed: invalid access_token (4).' } });
    const { identity, subject } = issued.consent;
    if (q.user_ids && q.user_ids !== subject)
      return c.json({ error: { error_code: 113, error_msg: 'Invalid user id' } });
    const fields = (q.fields ?? '').split(',');
    return c.json({
      response: [
        {
          id: Number(subject),
          first_name: identity.firstName,
          last_name: identity.lastName,
          ...(fields.includes('photo_200') ? { photo_200: ctx.pictureUrl } : {}),
          can_access_closed: true,
          is_closed: false,
        },
      ],
    });
  });
  return app;
}
