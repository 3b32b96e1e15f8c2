/**
 * The per-address limit of every /SocialAuth/ call (issue 36): each begins or ends a flow, asks a
 * provider, or sends a code, so like the other sign-in endpoints they are not free to repeat at will.
 * Counted in the database, so every instance counts in the same window (services/rate-limiter.ts). A
 * wrong password at the `integration` step is also counted by the login throttle, as a sign-in is.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { SOCIAL_REQUESTS_PER_MINUTE_PER_IP } from '../../config/policy.js';
import { tooManyRequests } from '../../lib/api-error.js';
import { createRateLimiter } from '../../services/rate-limiter.js';

export function limitSocialCalls({ storage, clock }: Pick<RouteDeps, 'storage' | 'clock'>): MiddlewareHandler<AppEnv> {
  const limiter = createRateLimiter(storage, clock, {
    scope: 'social_ip',
    limit: SOCIAL_REQUESTS_PER_MINUTE_PER_IP,
    windowSeconds: 60,
  });
  return async function limitSocial(c, next) {
    // The offered providers are a public, cacheable document: not counted.
    if (c.req.method !== 'GET' || !c.req.path.endsWith('/providers/')) {
      const retryAfter = await limiter.hit(c.get('meta').ip);
      if (retryAfter > 0) throw tooManyRequests('rate_limit_error', retryAfter);
    }
    await next();
  };
}
