/** GET /user/security/events/?page=1&page_size=20: the account's security log, newest first. */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { SecurityEventPage } from '../../contract/security-events.js';
import { AUDIT_LOG_MAX_PAGE_SIZE } from '../../config/policy.js';
import { parseWith, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { eventView } from '../../services/audit-log.js';

const DEFAULT_PAGE_SIZE = 20;

/** A whole number from `min` to `max`, sent as text in the query. */
const wholeNumber = (min: number, max: number) =>
  v.pipe(
    v.string('invalid_value'),
    v.regex(/^\d{1,6}$/, 'invalid_value'),
    v.transform(Number),
    v.minValue(min, 'invalid_value'),
    v.maxValue(max, 'invalid_value'),
  );

const pageQuery = v.strictObject({
  page: v.optional(wholeNumber(1, 100_000), '1'),
  page_size: v.optional(wholeNumber(1, AUDIT_LOG_MAX_PAGE_SIZE), String(DEFAULT_PAGE_SIZE)),
});

export function securityEventRoutes({ storage, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();

  app.get('/security/events/', requireAuth(sessions), requireActive, async (c) => {
    const { page, page_size: pageSize } = parseWith(pageQuery, c.req.query());
    const { user } = c.get('auth');
    const [count, events] = await Promise.all([
      storage.auditLog.count(user.id),
      storage.auditLog.list(user.id, (page - 1) * pageSize, pageSize),
    ]);
    return c.json({ count, results: events.map(eventView) } satisfies SecurityEventPage);
  });

  return app;
}
