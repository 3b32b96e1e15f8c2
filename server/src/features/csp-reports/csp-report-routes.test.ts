/**
 * POST /csp-report, where the pages' Content-Security-Policy reports violations, and
 * GET /dev/csp-reports, where they can be read outside production: the real app, as a browser and
 * as a hostile client would call it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestServer, PRODUCTION_ENV, type TestServer } from '../../test-support/test-server.js';
import { MAX_REPORT_BODY_BYTES, REPORTS_PER_MINUTE } from './csp-report-routes.js';

/** What Chromium sends for report-uri (CSP3 "report-uri") when an injected inline script is blocked. */
const CSP_REPORT = {
  'csp-report': {
    'document-uri': 'http://localhost:8080/login?client_id=kirish-demo',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'; script-src 'self' 'report-sample'; report-uri /csp-report",
    disposition: 'enforce',
    'blocked-uri': 'inline',
    'line-number': 4,
    'column-number': 95,
    'status-code': 200,
    'script-sample': 'window.pwned=1',
  },
};

/** What it sends through the Reporting API (report-to) over HTTPS: a batch, not all of it ours. */
const REPORTS_JSON = [
  {
    age: 0,
    type: 'csp-violation',
    url: 'https://id.kirish.uz/personal',
    user_agent: 'Chromium',
    body: {
      documentURL: 'https://id.kirish.uz/personal',
      blockedURL: 'https://evil.example/steal.js?token=abc',
      effectiveDirective: 'script-src-elem',
      disposition: 'enforce',
      originalPolicy: "default-src 'self'",
      referrer: '',
      sample: '',
      sourceFile: 'https://id.kirish.uz/assets/index-abc.js',
      lineNumber: 1,
      columnNumber: 200,
      statusCode: 200,
    },
  },
  {
    age: 10,
    type: 'deprecation',
    url: 'https://id.kirish.uz/',
    user_agent: 'Chromium',
    body: { id: 'x', message: 'y' },
  },
];

let server: TestServer;
beforeEach(async () => {
  server = await createTestServer();
});
afterEach(async () => {
  await server.close();
});

function report(body: string, contentType: string, ip = '198.51.100.4') {
  return server.call('POST', '/csp-report', { rawBody: body, headers: { 'content-type': contentType }, ip });
}

async function recorded() {
  const answer = await server.call('GET', '/dev/csp-reports');
  expect(answer.status).toBe(200);
  return answer.json as Record<string, unknown>[];
}

describe('POST /csp-report', () => {
  it('records a report-uri report, with the page’s path but not its query', async () => {
    const answer = await report(JSON.stringify(CSP_REPORT), 'application/csp-report');
    expect(answer.status).toBe(204);
    expect(answer.text).toBe('');
    expect(await recorded()).toEqual([
      {
        received_at: new Date(server.clock.now()).toISOString(),
        site: 'sso',
        format: 'csp-report',
        document: 'http://localhost:8080/login',
        blocked: 'inline',
        directive: 'script-src-elem',
        disposition: 'enforce',
        sample: 'window.pwned=1',
        source: '',
        line: 4,
        column: 95,
      },
    ]);
    // …and writes it to the server's log.
    expect(server.loggedErrors).toEqual([
      {
        message:
          'csp violation (sso, enforce): script-src-elem blocked inline on http://localhost:8080/login sample "window.pwned=1"',
        error: undefined,
      },
    ]);
  });

  it('records the csp-violation reports of a Reporting API batch and skips the others', async () => {
    expect((await report(JSON.stringify(REPORTS_JSON), 'application/reports+json')).status).toBe(204);
    expect(await recorded()).toMatchObject([
      {
        format: 'reports+json',
        document: 'https://id.kirish.uz/personal',
        blocked: 'https://evil.example/steal.js',
        source: 'https://id.kirish.uz/assets/index-abc.js',
        line: 1,
        column: 200,
      },
    ]);
  });

  it('lists the newest first', async () => {
    await report(JSON.stringify(CSP_REPORT), 'application/csp-report');
    server.clock.advanceSeconds(1);
    await report(JSON.stringify(REPORTS_JSON), 'application/reports+json; charset=utf-8');
    expect((await recorded()).map((violation) => violation.format)).toEqual(['reports+json', 'csp-report']);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['no type', ''],
  ])('refuses %s with 415', async (_, contentType) => {
    const answer = await report(JSON.stringify(CSP_REPORT), contentType);
    expect(answer.status).toBe(415);
    expect(answer.json).toEqual({ errors: [{ error: 'unsupported_media_type' }] });
    expect(await recorded()).toEqual([]);
  });

  it(`refuses a body over ${MAX_REPORT_BODY_BYTES} bytes with 413`, async () => {
    const huge = JSON.stringify({
      'csp-report': { ...CSP_REPORT['csp-report'], 'script-sample': 'x'.repeat(MAX_REPORT_BODY_BYTES) },
    });
    const answer = await report(huge, 'application/csp-report');
    expect(answer.status).toBe(413);
    expect(answer.json).toEqual({ errors: [{ error: 'payload_too_large' }] });
    expect(await recorded()).toEqual([]);
  });

  it.each([
    ['broken JSON', '{"csp-report": '],
    ['a number', '42'],
    ['an object that is no report', '{"hello": "world"}'],
    ['a report that is not an object', '{"csp-report": "inline"}'],
    ['a batch of strings', '["a", "b"]'],
    ['nothing', ''],
  ])('refuses %s with 400 and records nothing', async (_, body) => {
    const answer = await report(body, 'application/csp-report');
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ errors: [{ error: 'invalid_json' }] });
    expect(await recorded()).toEqual([]);
  });

  it('never answers 500, and keeps what it records short and free of control characters', async () => {
    const hostile = [
      {
        'csp-report': {
          'document-uri': { toString: 'x' },
          'blocked-uri': 12,
          'line-number': -1,
          'column-number': 1.5,
          'effective-directive': ['x'],
          disposition: 'nope',
        },
      },
      {
        'csp-report': {
          'document-uri': 'javascript:alert(1)',
          'blocked-uri': `inline\n[kirish] forged log line`,
          'script-sample': `a\u0000b\u2028c${'y'.repeat(500)}`,
          'effective-directive': 'script-src; img-src *',
        },
      },
      { 'csp-report': { __proto__: { polluted: true }, 'document-uri': `http://${'a'.repeat(5000)}.uz/` } },
      [
        { type: 'csp-violation', body: null },
        { type: 'csp-violation', body: { documentURL: 7 } },
      ],
    ];
    for (const body of hostile) {
      const answer = await report(JSON.stringify(body), 'application/reports+json');
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(204);
    }
    const kept = await recorded();
    expect(kept).toHaveLength(4);
    const texts = kept.flatMap((violation) =>
      Object.values(violation).filter((value): value is string => typeof value === 'string'),
    );
    expect(texts.filter((value) => /[\p{Cc}\u2028]/u.test(value) || value.length > 512)).toEqual([]);
    expect(kept[2]).toMatchObject({
      document: 'javascript',
      blocked: 'inline[kirish] forged log line',
      directive: 'script-src',
      line: null,
      column: null,
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(server.loggedErrors.every((entry) => !String((entry as { message: string }).message).includes('\n'))).toBe(
      true,
    );
  });

  it('takes at most 20 violations from one request', async () => {
    const batch = Array.from({ length: 50 }, () => REPORTS_JSON[0]);
    expect((await report(JSON.stringify(batch), 'application/reports+json')).status).toBe(204);
    expect(await recorded()).toHaveLength(20);
  });

  it(`limits a client address to ${REPORTS_PER_MINUTE} requests a minute, with Retry-After, and no other address`, async () => {
    const body = JSON.stringify(CSP_REPORT);
    for (let i = 0; i < REPORTS_PER_MINUTE; i += 1)
      expect((await report(body, 'application/csp-report')).status).toBe(204);
    const refused = await report(body, 'application/csp-report');
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({ errors: [{ error: 'rate_limit_error' }] });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even a malformed request counts: the limit comes before anything is read.
    expect((await report('{', 'text/plain')).status).toBe(429);
    expect((await report(body, 'application/csp-report', '198.51.100.5')).status).toBe(204);
    server.clock.advanceSeconds(60);
    expect((await report(body, 'application/csp-report')).status).toBe(204);
  });
});

describe('GET /dev/csp-reports', () => {
  it('does not exist in production, where reports are still taken and logged', async () => {
    const production = await createTestServer({
      env: PRODUCTION_ENV,
    });
    try {
      const headers = { host: 'id.kirish.uz', 'content-type': 'application/csp-report' };
      expect(
        (await production.call('POST', '/csp-report', { rawBody: JSON.stringify(CSP_REPORT), headers })).status,
      ).toBe(204);
      expect(production.loggedErrors).toHaveLength(1);
      expect((await production.call('GET', '/dev/csp-reports', { headers: { host: 'id.kirish.uz' } })).status).toBe(
        404,
      );
    } finally {
      await production.close();
    }
  });
});
