/**
 * What an operator sees of every request (issue 13, docs/deploy.md): an id, sent back as
 * `X-Request-Id` and on every log line the request causes; one log line when it is answered; its
 * count and latency in the metrics. First of all the middleware, so that it times and sees every
 * answer, the refusals of the others included.
 *
 * The log line names the route pattern Hono matched (`/sso/api/v1/login/LoginUser/`), never the
 * URL as sent: a query string can carry a code, a token or a contact (the dev outbox's `?to=`), and
 * a raw path is unbounded as a metrics label. No body and no header is read here.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { randomSecret } from '../lib/secrets.js';
import type { KirishMetrics } from '../services/metrics.js';
import { withAnswerHeaders } from './answer-headers.js';

export type RequestIdEnv = { Variables: { requestId: string } };

export interface RequestLogLine {
  [field: string]: string | number;
  request_id: string;
  method: string;
  route: string;
  status: number;
  duration_ms: number;
}

export interface ObserveRequestsOptions {
  metrics: KirishMetrics;
  /** Where a request's line goes; absent, nothing is logged (the tests' in-process app). */
  log?: (line: RequestLogLine) => void;
  /** While the process drains, every answer closes its connection (main.ts, SIGTERM). */
  isDraining: () => boolean;
}

/**
 * An id a proxy or the client chose is kept when it looks like one — so that one id follows a request
 * through every tier — and replaced otherwise: what goes into a log line must never be a vector itself.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

/** The probes: a line for each, every few seconds from every balancer, would drown the requests. */
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

/** Shown for a request no route answered (a 404 of the API, a refusal before routing). */
export const UNMATCHED_ROUTE = '(unmatched)';

/**
 * The pattern of the route that answered: the first matched route of the request's method. The
 * middleware (`app.use`, method ALL) are passed over; the site's catch-all `*` comes last, after
 * every API route, so an API route wins whenever one matched.
 */
export function routePattern(c: Context): string {
  return matchedRoutes(c).find((route) => route.method !== 'ALL')?.path ?? UNMATCHED_ROUTE;
}

export function requestIdOf(c: Context): string | undefined {
  return (c as Context<RequestIdEnv>).get('requestId');
}

export function observeRequests({ metrics, log, isDraining }: ObserveRequestsOptions): MiddlewareHandler<RequestIdEnv> {
  return async function observeRequestsMiddleware(c, next) {
    const started = performance.now();
    const incoming = c.req.header('x-request-id');
    const requestId = incoming !== undefined && SANE_REQUEST_ID.test(incoming) ? incoming : randomSecret(16);
    c.set('requestId', requestId);
    await withAnswerHeaders(c, next, [['X-Request-Id', requestId]], true);
    // RFC 9112 §9.6: a draining server says it will close, and the client opens its next connection elsewhere.
    if (isDraining()) c.header('Connection', 'close');

    const seconds = (performance.now() - started) / 1000;
    const route = routePattern(c);
    const { status } = c.res;
    metrics.httpRequest({ method: c.req.method, route, status, seconds });
    if (!log || (QUIET_PATHS.has(c.req.path) && status < 400)) return;
    log({
      request_id: requestId,
      method: c.req.method,
      route,
      status,
      duration_ms: Math.round(seconds * 100_000) / 100,
    });
  };
}
