/**
 * GET /check/CheckUserExists/ and /check/CheckUserPassword/ (SPEC §7). Both answer for any
 * contact after the same single indexed lookup, so the time taken does not depend on whether the
 * account exists; a per-address limit keeps them from being used to list accounts in bulk.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { CHECK_REQUESTS_PER_MINUTE_PER_IP } from '../../config/policy.js';
import { tooManyRequests } from '../../lib/api-error.js';
import { createWindowLimiter } from '../../lib/window-limiter.js';
import { parseWith, v } from '../../lib/validation.js';
import { contactEntries, contactFrom } from '../accounts/contact-fields.js';
import { findAccount } from '../accounts/find-account.js';

const querySchema = v.strictObject(contactEntries);

export function checkRoutes({ storage, clock }: RouteDeps) {
  const limiter = createWindowLimiter({ limit: CHECK_REQUESTS_PER_MINUTE_PER_IP, windowSeconds: 60, clock });
  const app = new Hono<AppEnv>();

  async function lookUp(c: Context<AppEnv>) {
    const retryAfter = limiter.hit(c.get('meta').ip);
    if (retryAfter > 0) throw tooManyRequests('rate_limit_error', retryAfter);
    return findAccount(storage, contactFrom(parseWith(querySchema, c.req.query())));
  }

  app.get('/CheckUserExists/', async (c) => c.json({ exists: (await lookUp(c)) !== undefined }));
  app.get('/CheckUserPassword/', async (c) => c.json({ has_password: Boolean((await lookUp(c))?.passwordHash) }));
  return app;
}
