import { describe, expect, it } from 'vitest';
import { createManualClock } from '../../lib/clock.js';
import { createViolationLog, type Violation } from './violation-log.js';

const violation = (n: number): Violation => ({
  site: 'sso',
  format: 'csp-report',
  document: `http://localhost:8080/page-${n}`,
  blocked: 'inline',
  directive: 'script-src-elem',
  disposition: 'enforce',
  sample: '',
  source: '',
  line: null,
  column: null,
});

describe('the violation log', () => {
  it('keeps only the newest violations, newest first', () => {
    const log = createViolationLog({ clock: createManualClock(), log: () => undefined, capacity: 3 });
    for (let n = 1; n <= 5; n += 1) log.record(violation(n));
    expect(log.list().map((kept) => kept.document)).toEqual([
      'http://localhost:8080/page-5',
      'http://localhost:8080/page-4',
      'http://localhost:8080/page-3',
    ]);
  });

  it('writes at most its share of lines a minute, then says how many it left out', () => {
    const clock = createManualClock();
    const lines: string[] = [];
    const log = createViolationLog({ clock, log: (line) => lines.push(line), logPerMinute: 2 });
    for (let n = 1; n <= 5; n += 1) log.record(violation(n));
    expect(lines).toHaveLength(2);
    clock.advanceSeconds(60);
    log.record(violation(6));
    expect(lines.slice(2)).toEqual([
      'csp: 3 more violation report(s) in the last minute were not logged (over 2 a minute)',
      'csp violation (sso, enforce): script-src-elem blocked inline on http://localhost:8080/page-6',
    ]);
    // Every one of them is still kept for /dev/csp-reports.
    expect(log.list()).toHaveLength(6);
  });
});
