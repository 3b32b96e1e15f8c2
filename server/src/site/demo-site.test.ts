import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cspReportRoutes } from '../features/csp-reports/csp-report-routes.js';
import { createViolationLog } from '../features/csp-reports/violation-log.js';
import { createManualClock } from '../lib/clock.js';
import type { Storage } from '../storage/storage.js';
import { demoSite } from './demo-site.js';

const root = mkdtempSync(join(tmpdir(), 'kirish-demo-'));
mkdirSync(join(root, 'assets'));
writeFileSync(
  join(root, 'index.html'),
  '<meta name="kirish-sso" content="__KIRISH_SSO__"><script src="__KIRISH_SSO__/widget/widget.js"></script>',
);
writeFileSync(join(root, 'assets', 'main.js'), 'export {}');
writeFileSync(join(root, 'assets', 'index-Dp-AOVof.js'), 'export const shop = "Bozor";\n'.repeat(100));
execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/compress-dist.mjs', import.meta.url)), root], {
  stdio: 'pipe',
});
const clock = createManualClock();
const logged: string[] = [];
const violations = createViolationLog({ clock, log: (line) => logged.push(line) });
// The report limit's windows (csp-report-routes.test.ts tests them): every report is the first of its window here.
const storage = {
  rateWindows: { hit: () => Promise.resolve({ hits: 1, windowStart: clock.now() }) },
} as unknown as Storage;
const reports = cspReportRoutes({ violations, site: 'demo', clock, storage, clientAddress: () => '127.0.0.1' });
const app = demoSite({ root, ssoOrigin: 'http://127.0.0.1:9090', reports });

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the demo partner site', () => {
  it.each(['/', '/index.html', '/callback'])('serves %s as the page, naming this run’s SSO origin', async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '<meta name="kirish-sso" content="http://127.0.0.1:9090"><script src="http://127.0.0.1:9090/widget/widget.js"></script>',
    );
  });

  it('serves its built assets', async () => {
    const response = await app.request('/assets/main.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('export {}');
  });

  it('serves its hashed assets precompressed and cacheable for a year, as the SSO does', async () => {
    const response = await app.request('/assets/index-Dp-AOVof.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('makes browsers revalidate the page, and answers an unchanged one with 304', async () => {
    const first = await app.request('/');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const again = await app.request('/callback', { headers: { 'if-none-match': first.headers.get('etag') ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('sends its page with a partner’s policy: scripts, frames and calls from itself and the SSO only', async () => {
    const response = await app.request('/callback?code=x');
    expect(response.headers.get('content-security-policy')).toBe(
      [
        "default-src 'self'",
        "script-src 'self' http://127.0.0.1:9090 'report-sample'",
        "style-src 'self' 'report-sample'",
        "img-src 'self' data:",
        "connect-src 'self' http://127.0.0.1:9090",
        'frame-src http://127.0.0.1:9090',
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
        'report-uri /csp-report',
      ].join('; '),
    );
  });

  it('takes its page’s violation reports at /csp-report, recorded as the demo’s', async () => {
    const report = {
      'csp-report': {
        'document-uri': 'http://127.0.0.1:8081/',
        'blocked-uri': 'inline',
        'effective-directive': 'script-src-elem',
        disposition: 'enforce',
      },
    };
    const response = await app.request('/csp-report', {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify(report),
    });
    expect(response.status).toBe(204);
    expect(violations.list()).toMatchObject([
      { site: 'demo', document: 'http://127.0.0.1:8081/', blocked: 'inline', directive: 'script-src-elem' },
    ]);
    expect(logged).toEqual(['csp violation (demo, enforce): script-src-elem blocked inline on http://127.0.0.1:8081/']);
  });

  it('answers 404 for anything else', async () => {
    expect((await app.request('/nothing.js')).status).toBe(404);
  });
});
