/**
 * The record of the Content-Security-Policy violations browsers report to /csp-report: a line in the
 * server's log for each, and the newest ones in memory, which GET /dev/csp-reports shows outside
 * production (a browser test reads there what a page reported). Bounded both ways, since anyone can
 * send a report: the ring keeps the last `capacity`, and at most `logPerMinute` violations a minute
 * are written to the log; the rest are counted, and the count is logged once the minute is over.
 */
import type { Clock } from '../../lib/clock.js';

export interface Violation {
  /** Which site's page reported it: the SSO's, or the demo partner's. */
  site: 'sso' | 'demo';
  /** How it came: `report-uri`'s application/csp-report, or the Reporting API's reports+json. */
  format: 'csp-report' | 'reports+json';
  /** The page, as origin and path (no query: it may carry what a log should not). */
  document: string;
  /** `inline`, `eval`, … (CSP3), or the blocked resource as origin and path. */
  blocked: string;
  /** The effective directive: `script-src-elem`, `img-src`, … */
  directive: string;
  disposition: 'enforce' | 'report';
  /** The first 40 characters of a blocked inline script or style ('report-sample'); empty otherwise. */
  sample: string;
  /** Where the violation happened: a script's origin and path, or empty. */
  source: string;
  line: number | null;
  column: number | null;
}

export interface RecordedViolation extends Violation {
  receivedAt: number;
}

export interface ViolationLog {
  record(violation: Violation): void;
  /** The violations kept, newest first. */
  list(): RecordedViolation[];
}

const MINUTE_MS = 60_000;

export function createViolationLog(options: {
  clock: Clock;
  log: (message: string) => void;
  capacity?: number;
  logPerMinute?: number;
}): ViolationLog {
  const capacity = options.capacity ?? 200;
  const logPerMinute = options.logPerMinute ?? 600;
  const kept: RecordedViolation[] = [];
  let minute = { startedAt: -Infinity, logged: 0, dropped: 0 };

  function logged(now: number): boolean {
    if (now - minute.startedAt >= MINUTE_MS) {
      if (minute.dropped > 0)
        options.log(
          `csp: ${minute.dropped} more violation report(s) in the last minute were not logged (over ${logPerMinute} a minute)`,
        );
      minute = { startedAt: now, logged: 0, dropped: 0 };
    }
    if (minute.logged >= logPerMinute) {
      minute.dropped += 1;
      return false;
    }
    minute.logged += 1;
    return true;
  }

  return {
    record(violation) {
      const now = options.clock.now();
      kept.push({ ...violation, receivedAt: now });
      if (kept.length > capacity) kept.splice(0, kept.length - capacity);
      if (!logged(now)) return;
      const where = violation.source
        ? ` at ${violation.source}:${violation.line ?? '?'}:${violation.column ?? '?'}`
        : '';
      const sample = violation.sample ? ` sample ${JSON.stringify(violation.sample)}` : '';
      options.log(
        `csp violation (${violation.site}, ${violation.disposition}): ${violation.directive} blocked ${violation.blocked} on ${violation.document}${where}${sample}`,
      );
    },
    list() {
      return kept.toReversed();
    },
  };
}
