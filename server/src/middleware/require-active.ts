import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../lib/api-error.js';
import type { AuthEnv } from './require-auth.js';

/**
 * A deactivated account (docs/product.md §6) may still sign in, see its profile, export its data and restore
 * itself, and nothing else: every other call of the account pages is 403 `account_inactive`. Goes
 * after requireAuth, on each route rather than on a router's `*`, so that the calls a deactivated
 * account keeps are never caught by it.
 */
export const requireActive: MiddlewareHandler<AuthEnv> = async function requireActive(c, next) {
  if (c.get('auth').user.isInactivated) throw new ApiError(403, [{ error: 'account_inactive' }]);
  await next();
};
