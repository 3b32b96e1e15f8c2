/**
 * Counts a sign-in route's outcomes in the metrics (issue 13) by what the client was answered: a
 * success, a lock (429: the login throttle refused to check the password), or a refusal (any other
 * 4xx: a wrong password or code, an unknown account, a malformed request). A 5xx is no outcome of
 * the sign-in; it shows in the HTTP metrics.
 */
import type { MiddlewareHandler } from 'hono';
import type { KirishMetrics, SignInMethod } from '../services/metrics.js';

export function countSignIns(metrics: Pick<KirishMetrics, 'signIn'>, method: SignInMethod): MiddlewareHandler {
  return async function countSignInsMiddleware(c, next) {
    await next();
    // Errors thrown by the route are already answers here (Hono's onError runs inside next()).
    const { status } = c.res;
    if (status < 300) metrics.signIn(method, 'success');
    else if (status === 429) metrics.signIn(method, 'locked');
    else if (status >= 400 && status < 500) metrics.signIn(method, 'failure');
  };
}
