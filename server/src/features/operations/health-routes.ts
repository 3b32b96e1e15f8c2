/**
 * GET /healthz and GET /readyz (issue 13, docs/deploy.md): for a load balancer or an orchestrator,
 * so no auth and no limit, and answered before the public-host check (app.ts): a balancer probes
 * with its own Host header (the instance's address), and these answers hold nothing secret.
 *
 * /healthz: the process answers (restart it if not). /readyz: send it traffic — the database
 * answers, the schema is current, and the process is not draining (503 from the SIGTERM on).
 */
import { Hono } from 'hono';
import type { ReadinessCheck } from '../../storage/readiness.js';

export interface HealthDeps {
  /** Absent (an app built without a database check), there is no /readyz. */
  readiness?: ReadinessCheck;
  isDraining: () => boolean;
}

export function healthRoutes(deps: HealthDeps) {
  const { isDraining } = deps;
  const app = new Hono();
  // No app.use here: mounted at the root, it would run for every request of the app.
  const noStore = { 'Cache-Control': 'no-store' };
  app.get('/healthz', (c) => c.json({ status: 'ok' }, 200, noStore));
  const readiness = deps.readiness;
  if (!readiness) return app;
  app.get('/readyz', async (c) => {
    if (isDraining()) return c.json({ status: 'draining' }, 503, noStore);
    const report = await readiness();
    const body = {
      status: report.ready ? 'ready' : 'not_ready',
      database: report.database,
      pending_migrations: report.pendingMigrations,
      newer_migrations: report.newerMigrations,
    };
    return c.json(body, report.ready ? 200 : 503, noStore);
  });
  return app;
}
