/**
 * GET and POST /oauth/userinfo/ (OpenID Connect Core §5.3): the user's claims for the scope an
 * OAuth access token carries, and never beyond what the session was granted (§5.4): the claims are
 * those of the scopes both the token names and the person consented to, whatever a token claims.
 * Only a token issued to a client is taken, and only while its session lives; the SPA's own token
 * is refused here, as a client's token is refused by the SPA's API.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { OAuthError } from '../../lib/oauth-error.js';
import { parseScope, userClaims } from '../../services/scopes.js';
import { allowAnyClientOrigin, allowClientOrigin, corsPreflight, varyOrigin } from './client-cors.js';

/** RFC 6750 §2.1: the token comes in the Authorization header, and only there (never in the query: RFC 9700 §2.5). */
const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i;

export function userinfoRoutes({ storage, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.options('/userinfo/', corsPreflight(storage));

  app.on(['GET', 'POST'], '/userinfo/', varyOrigin, async (c) => {
    const token = BEARER.exec(c.req.header('authorization')?.trim() ?? '')?.[1];
    const holder = token === undefined ? null : await sessions.authenticateClient(token);
    if (!holder) {
      // The refusal holds no user data; any registered web origin may read it, so a partner's page
      // can tell an expired token from a network failure and refresh.
      await allowAnyClientOrigin(c, storage);
      // RFC 6750 §3.1: without any token the challenge names no error.
      const challenge = token === undefined ? 'Bearer' : 'Bearer error="invalid_token"';
      throw new OAuthError(
        'invalid_token',
        token === undefined ? 'No access token was sent' : 'The access token is invalid, expired or revoked',
        {
          status: 401,
          challenge,
        },
      );
    }
    allowClientOrigin(c, holder.client);
    // A token may name less than the grant (a refresh with a narrower scope, RFC 6749 §6), never more.
    const granted = parseScope(holder.session.scope ?? '');
    const scopes = parseScope(holder.scope).filter((scope) => granted.includes(scope));
    return c.json({ sub: holder.user.id, ...userClaims(holder.user, scopes) });
  });

  return app;
}
