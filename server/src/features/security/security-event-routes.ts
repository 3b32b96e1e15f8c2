/** GET /user/security/events/?page=1&page_size=20: the account's security log, newest first. */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { SecurityEventPage } from '../../contract/security-events.js';
import { AUDIT_LOG_MAX_PAGE_SIZE } from '../../config/policy.js';
import { pageQuery as pageQueryOf } from '../../lib/page-query.js';
import { parseWith } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { eventView } from '../../services/audit-log.js';

const pageQuery = pageQueryOf(AUDIT_LOG_MAX_PAGE_SIZE);

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
