/**
 * GET /check/CheckUserExists/ and /check/CheckUserPassword/ (docs/product.md §7). Both answer for any
 * contact after the same single indexed lookup, so the time taken does not depend on whether the
 * account exists; a per-address limit keeps them from being used to list accounts in bulk.
 *
 * GET /check/CheckUsername/ tells a signed-in person, while they type (docs/product.md §9), whether a username
 * is free for them. Signed in only, and under the same per-address limit: usernames are not a
 * directory anyone may walk.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { UsernameAvailability } from '../../contract/profile.js';
import type { UserExists, UserPassword } from '../../contract/sign-in.js';
import { CHECK_REQUESTS_PER_MINUTE_PER_IP } from '../../config/policy.js';
import { badRequest, tooManyRequests } from '../../lib/api-error.js';
import { checkUsername } from '../../contract/username-rules.js';
import { parseWith, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { contactEntries, contactFrom } from '../../services/contact-fields.js';
import { findAccount } from '../../services/find-account.js';
import { createRateLimiter } from '../../services/rate-limiter.js';

const querySchema = v.strictObject(contactEntries);
const usernameQuerySchema = v.strictObject({
  username: v.pipe(v.string('invalid_username'), v.maxLength(256, 'invalid_username')),
});

export function checkRoutes({ storage, clock, sessions }: RouteDeps) {
  // Counted in the database: every instance counts in the same window (issue 13).
  const limiter = createRateLimiter(storage, clock, {
    scope: 'check_ip',
    limit: CHECK_REQUESTS_PER_MINUTE_PER_IP,
    windowSeconds: 60,
  });
  const app = new Hono<AppEnv>();

  async function limit(c: Context<AppEnv>) {
    const retryAfter = await limiter.hit(c.get('meta').ip);
    if (retryAfter > 0) throw tooManyRequests('rate_limit_error', retryAfter);
  }

  async function lookUp(c: Context<AppEnv>) {
    await limit(c);
    return findAccount(storage, contactFrom(parseWith(querySchema, c.req.query())));
  }

  app.get('/CheckUsername/', requireAuth(sessions), requireActive, async (c) => {
    await limit(c);
    const checked = checkUsername(parseWith(usernameQuerySchema, c.req.query()).username);
    if ('problem' in checked) throw badRequest(checked.problem, 'username');
    const holder = await storage.profiles.findByUsername(checked.username);
    return c.json({
      available: holder === undefined || holder.id === c.get('auth').user.id,
    } satisfies UsernameAvailability);
  });

  app.get('/CheckUserExists/', async (c) => c.json({ exists: (await lookUp(c)) !== undefined } satisfies UserExists));
  app.get('/CheckUserPassword/', async (c) =>
    c.json({ has_password: Boolean((await lookUp(c))?.passwordHash) } satisfies UserPassword),
  );
  return app;
}
