/**
 * Yandex ID as Kirish meets it (docs/social-sign-in.md, Yandex): the implicit grant, then `login.yandex.ru/info`,
 * which names the client the token was issued to. Yandex gives only contacts it has confirmed.
 */
import { Hono } from 'hono';
import { redirectWith, resolveStandard, serveAuthorize } from './authorize.js';
import { tokenFromHeader } from './credentials.js';
import type { StandinContext } from './context.js';

export function yandexApp(ctx: StandinContext): Hono {
  const app = new Hono();
  serveAuthorize(app, '/authorize', {
    provider: 'yandex',
    resolve: (query, c) =>
      resolveStandard(ctx.clients.yandex, query, c, { responseType: 'token', delivery: 'fragment' }),
    approve: (c, request, identity, subject) => {
      const issued = ctx.grants.issueToken({
        clientId: request.clientId,
        redirectUri: request.redirectUri,
        identity,
        subject,
        scope: request.query.get('scope') ?? 'login:info login:email',
        nonce: null,
        codeChallenge: null,
      });
      return redirectWith(
        c,
        request.redirectUri,
        {
          access_token: issued.token,
          token_type: 'bearer',
          expires_in: String(ctx.secondsLeft(issued.expiresAtMs)),
          cid: request.clientId,
          state: request.state,
        },
        'fragment',
      );
    },
    deny: (c, request) =>
      redirectWith(
        c,
        request.redirectUri,
        { error: 'access_denied', error_description: 'User denied access', state: request.state },
        'fragment',
      ),
  });

  app.get('/info', (c) => {
    const issued = ctx.grants.findToken(tokenFromHeader(c, 'OAuth') ?? '');
    if (!issued) return c.body(null, 401);
    const { identity, subject, clientId } = issued.consent;
    const email = identity.email && identity.emailVerified ? identity.email : null;
    const phone = identity.phone && identity.phoneVerified ? identity.phone : null;
    return c.json({
      id: subject,
      login: identity.username ?? email?.split('@')[0] ?? `id-${subject}`,
      client_id: clientId,
      first_name: identity.firstName,
      last_name: identity.lastName,
      display_name: identity.firstName,
      real_name: `${identity.firstName} ${identity.lastName}`.trim(),
      ...(email ? { default_email: email, emails: [email] } : { emails: [] }),
      ...(phone ? { default_phone: { id: Number(subject.slice(-6)), number: phone } } : {}),
      default_avatar_id: '0/0-0',
      is_avatar_empty: true,
      psuid: `1.${subject}`,
    });
  });
  return app;
}
