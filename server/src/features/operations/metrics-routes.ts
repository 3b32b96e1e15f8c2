/**
 * GET /metrics in Prometheus's text format (issue 13, docs/deploy.md, Metrics). Where it is served
 * is the entry file's choice (config/operations-config.ts, METRICS_PORT / METRICS_TOKEN): on its own
 * port, or on the main one behind `Authorization: Bearer <METRICS_TOKEN>`. Without the right token the
 * answer is the same 404 as for a path that does not exist: the endpoint's presence is not advertised.
 */
import { Hono } from 'hono';
import type { MetricsConfig } from '../../config/operations-config.js';
import type { ErrorBody } from '../../contract/errors.js';
import { EXPOSITION_CONTENT_TYPE } from '../../lib/metrics-registry.js';
import { constantTimeEqual, sha256 } from '../../lib/secrets.js';
import { requireMetricsHost } from '../../middleware/require-public-host.js';
import type { KirishMetrics } from '../../services/metrics.js';

export interface MetricsRouteOptions {
  metrics: KirishMetrics;
  /** The bearer token a scrape must present; undefined serves without one (a port of its own). */
  token?: string;
}

/** RFC 6750 §2.1: `Bearer` and the token, the scheme case-insensitive (RFC 9110 §11.1). */
function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(header?.trim() ?? '');
  return match?.[1];
}

export function metricsRoutes({ metrics, token }: MetricsRouteOptions) {
  const app = new Hono();
  app.get('/metrics', (c) => {
    if (token !== undefined) {
      const presented = bearerToken(c.req.header('authorization'));
      // Compared as hashes, of one length whatever was sent: the time tells nothing of the token's length either.
      if (presented === undefined || !constantTimeEqual(sha256(presented), sha256(token)))
        return c.json({ errors: [{ error: 'not_found' }] } satisfies ErrorBody, 404);
    }
    c.header('Cache-Control', 'no-store');
    return c.body(metrics.registry.expose(), 200, { 'Content-Type': EXPOSITION_CONTENT_TYPE });
  });
  return app;
}

/**
 * The metrics on a port of their own (METRICS_PORT): outside production that port, like the main one, answers
 * only to its own names (DNS rebinding).
 */
export function metricsPortApp(
  config: Extract<MetricsConfig, { kind: 'port' }>,
  metrics: KirishMetrics,
  production: boolean,
) {
  return new Hono()
    .use(production ? (_c, next) => next() : requireMetricsHost(config.host, config.port))
    .route('/', metricsRoutes({ metrics, ...(config.token ? { token: config.token } : {}) }));
}
