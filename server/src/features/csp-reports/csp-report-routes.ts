/**
 * POST /csp-report: where the pages' Content-Security-Policy sends its violations (report-uri and
 * report-to, site/content-security-policy.ts), on the SSO and on the demo partner site; and
 * GET /dev/csp-reports, outside production, the newest violations as JSON (docs/api.md).
 *
 * Anyone can post here, a browser without credentials or a script in a loop: the endpoint takes only
 * the two report media types, at most 64 KiB, 60 requests a minute per client address (counted in
 * the database, across instances, as every other limit: services/rate-limiter.ts) and
 * MAX_VIOLATIONS_PER_REQUEST violations a request, and answers every refusal with a 4xx of the API's
 * shape, never a 500 — a body the client stopped sending half way included. Browsers do not read the
 * answer: a 204 tells a program the report was taken.
 */
import { Hono, type Context, type Env, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ErrorKey } from '../../contract/error-keys.js';
import type { ErrorBody } from '../../contract/errors.js';
import type { Clock } from '../../lib/clock.js';
import { createRateLimiter } from '../../services/rate-limiter.js';
import type { Storage } from '../../storage/storage.js';
import { violationsIn } from './parse-reports.js';
import type { RecordedViolation, Violation, ViolationLog } from './violation-log.js';

export const MAX_REPORT_BODY_BYTES = 64 * 1024;
export const REPORTS_PER_MINUTE = 60;

/** The media types of a report: report-uri's, the Reporting API's, and plain JSON from older browsers. */
const REPORT_TYPES = new Set(['application/csp-report', 'application/reports+json', 'application/json']);

export interface CspReportOptions<E extends Env> {
  violations: ViolationLog;
  /** Whose pages report here. */
  site: Violation['site'];
  clock: Clock;
  /** Where the per-address windows are counted, shared by every instance on the database. */
  storage: Storage;
  /** The client address a request's reports are counted under. */
  clientAddress: (c: Context<E>) => string;
}

function refuse(c: Context, status: 400 | 413 | 415 | 429, error: ErrorKey): Response {
  return c.json({ errors: [{ error }] } satisfies ErrorBody, status);
}

const reportTypeOnly: MiddlewareHandler = async function reportTypeOnly(c, next) {
  const essence = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  return REPORT_TYPES.has(essence) ? next() : refuse(c, 415, 'unsupported_media_type');
};

/** The routes to mount at CSP_REPORT_PATH: POST / takes a report. */
export function cspReportRoutes<E extends Env>(options: CspReportOptions<E>): Hono<E> {
  // In the shared windows (issue 33): N instances behind a balancer allow one reporter the same 60 a
  // minute as one instance would, and the limit does not restart with a process.
  const limiter = createRateLimiter(options.storage, options.clock, {
    scope: `csp_reports_${options.site}`,
    limit: REPORTS_PER_MINUTE,
    windowSeconds: 60,
  });

  const limitRate: MiddlewareHandler<E> = async function limitRate(c, next) {
    const retryAfter = await limiter.hit(options.clientAddress(c));
    if (retryAfter === 0) return next();
    c.header('Retry-After', String(retryAfter));
    return refuse(c, 429, 'rate_limit_error');
  };

  const limitSize = bodyLimit({ maxSize: MAX_REPORT_BODY_BYTES, onError: (c) => refuse(c, 413, 'payload_too_large') });
  /**
   * Hono's body limit reads a body without a length (chunked) itself, and a client that goes away
   * half way makes that read throw (Node's "aborted"): the client's failure, so a 400 like any other
   * unreadable report, not a 500 with a stack. Only what the limit itself throws is caught here.
   */
  const limitBody: MiddlewareHandler<E> = async function limitBody(c, next) {
    let passed = false;
    try {
      return await limitSize(c, () => {
        passed = true;
        return next();
      });
    } catch (error) {
      if (passed) throw error;
      return refuse(c, 400, 'invalid_json');
    }
  };

  const app = new Hono<E>();
  app.post('/', limitRate, reportTypeOnly, limitBody, async (c) => {
    let json: unknown;
    try {
      json = JSON.parse(await c.req.text());
    } catch {
      return refuse(c, 400, 'invalid_json');
    }
    const violations = violationsIn(json);
    if (!violations) return refuse(c, 400, 'invalid_json');
    for (const violation of violations) options.violations.record({ site: options.site, ...violation });
    return c.body(null, 204);
  });
  return app;
}

function toJson(violation: RecordedViolation) {
  return {
    received_at: new Date(violation.receivedAt).toISOString(),
    site: violation.site,
    format: violation.format,
    document: violation.document,
    blocked: violation.blocked,
    directive: violation.directive,
    disposition: violation.disposition,
    sample: violation.sample,
    source: violation.source,
    line: violation.line,
    column: violation.column,
  };
}

/** The routes to mount at /dev outside production: GET /csp-reports, newest first. */
export function cspReportDevRoutes(violations: ViolationLog): Hono {
  const app = new Hono();
  app.get('/csp-reports', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(violations.list().map(toJson));
  });
  return app;
}
