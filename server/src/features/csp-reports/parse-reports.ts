/**
 * A violation report's body as a browser sends it, read into Violations. Two formats:
 * - `report-uri` (CSP3 "report-uri", the CSP Level 2 format): `application/csp-report`, one object
 *   `{"csp-report": {"document-uri", "blocked-uri", "effective-directive", …}}` per violation;
 * - `report-to` (Reporting API, "Send reports"): `application/reports+json`, an array of reports
 *   `{type, age, url, user_agent, body}`, where a `csp-violation` report's body is
 *   `{documentURL, blockedURL, effectiveDirective, …}` (CSP3 "Reporting Violations"); reports of other
 *   types are not ours and are skipped.
 * Everything in a report is written by whoever sends it: each value is checked for its type, cut to
 * a length, and stripped of control characters before it reaches the log.
 */
import type { Violation } from './violation-log.js';

/** A violation as its report tells it: which site received it is the route's to say. */
export type ReportedViolation = Omit<Violation, 'site'>;

/** The most violations one request may add: a browser's batch is a handful. */
export const MAX_VIOLATIONS_PER_REQUEST = 20;

type Fields = Record<string, unknown>;

function isObject(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, maxLength: number): string {
  return typeof value === 'string' ? value.replace(/[\p{Cc}\u2028\u2029]/gu, '').slice(0, maxLength) : '';
}

/** A URL as origin and path, without query, fragment or credentials; a keyword (`inline`) as it is. */
function place(value: unknown): string {
  const raw = text(value, 2048);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return raw.slice(0, 64);
  }
  return url.protocol === 'http:' || url.protocol === 'https:'
    ? `${url.origin}${url.pathname}`.slice(0, 512)
    : url.protocol.slice(0, -1);
}

function position(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;
}

function directive(value: unknown): string {
  return /^[a-z-]{1,64}/.exec(text(value, 256))?.[0] ?? '';
}

function fromCspReport(report: Fields): ReportedViolation {
  return {
    format: 'csp-report',
    document: place(report['document-uri']),
    blocked: place(report['blocked-uri']),
    directive: directive(report['effective-directive']) || directive(report['violated-directive']),
    disposition: report.disposition === 'report' ? 'report' : 'enforce',
    sample: text(report['script-sample'], 80),
    source: report['source-file'] === undefined ? '' : place(report['source-file']),
    line: position(report['line-number']),
    column: position(report['column-number']),
  };
}

function fromReportingApi(body: Fields): ReportedViolation {
  return {
    format: 'reports+json',
    document: place(body.documentURL),
    blocked: place(body.blockedURL),
    directive: directive(body.effectiveDirective),
    disposition: body.disposition === 'report' ? 'report' : 'enforce',
    sample: text(body.sample, 80),
    source: body.sourceFile === undefined || body.sourceFile === null ? '' : place(body.sourceFile),
    line: position(body.lineNumber),
    column: position(body.columnNumber),
  };
}

/**
 * The violations in a parsed report body (at most MAX_VIOLATIONS_PER_REQUEST), or null when the
 * body is neither format.
 */
export function violationsIn(json: unknown): ReportedViolation[] | null {
  if (isObject(json)) return isObject(json['csp-report']) ? [fromCspReport(json['csp-report'])] : null;
  if (!Array.isArray(json) || !json.every(isObject)) return null;
  return json
    .filter((report) => report.type === 'csp-violation' && isObject(report.body))
    .slice(0, MAX_VIOLATIONS_PER_REQUEST)
    .map((report) => fromReportingApi(report.body as Fields));
}
