/**
 * POST /oauth/token/ (RFC 6749 §3.2) and POST /oauth/revoke/ (RFC 7009): form bodies, client
 * authentication, answers and errors in the format of RFC 6749 §5, never cached. A partner's page
 * may call both from the browser: CORS lets the web origins of the client the request names read
 * the answer. Failed requests are limited per client address.
 */
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { TOKEN_FAILURES_PER_MINUTE_PER_IP } from '../../config/policy.js';
import { OAuthError } from '../../lib/oauth-error.js';
import { createRateLimiter } from '../../services/rate-limiter.js';
import type { OAuthClient } from '../../storage/storage.js';
import { authenticatedClient, claimedCredentials, readOAuthParameters, type OAuthParameters } from './client-auth.js';
import { allowClientOrigin, corsPreflight, varyOrigin } from './client-cors.js';
import { createOAuthTokenService } from './token-service.js';

/** RFC 6749 §5.1: token answers must not be cached, by HTTP/1.0 caches either. */
const noCache: MiddlewareHandler = async function noCache(c, next) {
  await next();
  c.header('Pragma', 'no-cache');
};

export function oauthTokenRoutes({ config, storage, clock, sessions, idTokens }: RouteDeps) {
  const tokens = createOAuthTokenService({ storage, clock, sessions, idTokens });
  // Counted in the database: failures split across instances count as one (issue 13).
  const failures = createRateLimiter(storage, clock, {
    scope: 'token_failures_ip',
    limit: TOKEN_FAILURES_PER_MINUTE_PER_IP,
    windowSeconds: 60,
  });
  // RFC 6749 §5.2: a failed client authentication is answered with a challenge for the scheme clients use.
  const challenge = `Basic realm="${config.product}"`;
  const app = new Hono<AppEnv>();

  /**
   * Client secrets and codes carry 256 bits and cannot be guessed; the limit keeps a misbehaving
   * caller from spending the server on hopeless requests. RFC 6749 defines no error for it;
   * `slow_down` (RFC 8628 §3.5) is the registered code that means "ask less often".
   */
  const limitFailures: MiddlewareHandler<AppEnv> = async function limitFailures(c, next) {
    const ip = c.get('meta').ip;
    const retryAfterSeconds = await failures.retryAfter(ip);
    if (retryAfterSeconds > 0)
      throw new OAuthError('slow_down', 'Too many failed requests from this address', {
        status: 429,
        retryAfterSeconds,
      });
    await next();
    if (c.res.status >= 400) await failures.hit(ip);
  };

  /** The client the request names, authenticated; its web origins may read the answer, error or not. */
  async function clientOf(c: Context<AppEnv>, parameters: OAuthParameters): Promise<OAuthClient> {
    const credentials = claimedCredentials(c, parameters, challenge);
    const claimed = credentials && (await storage.clients.find(credentials.clientId));
    allowClientOrigin(c, claimed);
    return authenticatedClient(claimed, credentials, challenge);
  }

  app.options('/token/', corsPreflight(storage));
  app.options('/revoke/', corsPreflight(storage));

  app.post('/token/', varyOrigin, noCache, limitFailures, async (c) => {
    const parameters = await readOAuthParameters(c);
    const client = await clientOf(c, parameters);
    const grantType = parameters.get('grant_type');
    if (grantType === 'authorization_code') return c.json(await tokens.redeemCode(client, parameters, c.get('meta')));
    if (grantType === 'refresh_token') return c.json(await tokens.refresh(client, parameters));
    if (grantType === undefined) throw new OAuthError('invalid_request', 'grant_type is required');
    // OAuth 2.1 §1.3 and RFC 9700 §2.4: no password grant; nor implicit or client_credentials here.
    throw new OAuthError('unsupported_grant_type', 'Only authorization_code and refresh_token are supported');
  });

  app.post('/revoke/', varyOrigin, noCache, limitFailures, async (c) => {
    const parameters = await readOAuthParameters(c);
    const client = await clientOf(c, parameters);
    const token = parameters.get('token');
    if (token === undefined) throw new OAuthError('invalid_request', 'token is required');
    await tokens.revoke(client, token);
    // RFC 7009 §2.2: 200 whether or not there was anything to revoke, so the answer tells nothing.
    return c.body(null, 200);
  });

  return app;
}
