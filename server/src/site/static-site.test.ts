import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { cspDirective } from '../test-support/csp.js';
import { OWN_ORIGIN_ONLY, type PageSources } from './content-security-policy.js';
import { staticSite, type StaticSiteOptions } from './static-site.js';

const dist = mkdtempSync(join(tmpdir(), 'kirish-site-'));
mkdirSync(join(dist, 'app', 'assets'), { recursive: true });
mkdirSync(join(dist, 'app', 'prerendered'), { recursive: true });
mkdirSync(join(dist, 'widget'), { recursive: true });
writeFileSync(join(dist, 'app', 'index.html'), '<!doctype html><title>Kirish</title>');
writeFileSync(join(dist, 'app', 'prerendered', 'page.uz.html'), '<!doctype html><h1>Kirish</h1>');
writeFileSync(join(dist, 'app', 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(dist, 'widget', 'widget.js'), 'window.Kirish={}');

const DEMO = 'http://127.0.0.1:8081';
const registered: Record<string, string[]> = {
  'kirish-demo': [DEMO, 'https://shop.example.uz'],
  broken: ["'unsafe-inline'", 'http://a.uz; script-src *'],
};
const embedAncestors = async (id: string) => registered[id] ?? [];

function siteWith(options: Partial<StaticSiteOptions> = {}): Hono {
  const app = new Hono();
  app.use(
    '*',
    staticSite({
      appRoot: join(dist, 'app'),
      distRoot: dist,
      embedAncestors,
      serveSourceMaps: false,
      sources: OWN_ORIGIN_ONLY,
      reportTo: false,
      ...options,
    }),
  );
  app.notFound((c) => c.text('not found', 404));
  return app;
}
const app = siteWith();

/** The policy of a page of a build that reaches nothing beyond its origin, served over plain http. */
const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'report-sample'",
  "style-src 'self' 'report-sample'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  'report-uri /csp-report',
].join('; ');

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the static site', () => {
  it.each(['/', '/index.html', '/login', '/oauth', '/security/active-sessions/', '/oauth/google'])(
    'answers %s with the SPA shell, not cached, and framable by no one',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe('<!doctype html><title>Kirish</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(cspDirective(response.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    },
  );

  it('lets the web origins of the client frame the embed page, and no one else', async () => {
    const response = await app.request('/embed?client_id=kirish-demo&origin=x');
    expect(response.status).toBe(200);
    expect(cspDirective(response.headers, 'frame-ancestors')).toBe(`frame-ancestors ${DEMO} https://shop.example.uz`);
    // Its popup must keep its opener (the frame) to hand the answer back.
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  });

  it.each(['/oauth/google', '/oauth/google?start=popup', '/oauth/telegram/x/y'])(
    'lets %s keep its opener: the provider window a partner frame opened hands the session back to it',
    async (path) => {
      const response = await app.request(path);
      expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
      expect(cspDirective(response.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    },
  );

  it.each(['/oauth', '/oauth/authorize', '/oauth/googlex', '/login'])(
    'makes no opener exception for %s (the site-wide same-origin policy holds)',
    async (path) => {
      const response = await app.request(path);
      expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    },
  );

  it.each([
    ['an unknown client', '/embed?client_id=nobody'],
    ['no client', '/embed'],
    ['another page with a client', '/login?client_id=kirish-demo'],
  ])('keeps the embed page unframable for %s', async (_, path) => {
    const response = await app.request(path);
    expect(cspDirective(response.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('puts only serialized origins into the header, so a stored value cannot add a directive', async () => {
    const response = await app.request('/embed?client_id=broken');
    expect(cspDirective(response.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(cspDirective(response.headers, 'script-src')).toBe("script-src 'self' 'report-sample'");
  });

  it('serves a built file as itself', async () => {
    const response = await app.request('/assets/index-abc.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log(1)');
  });

  it('serves the widget assets, loadable by pages of other sites', async () => {
    const response = await app.request('/widget/widget.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('window.Kirish={}');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('answers a missing file with 404 instead of the shell', async () => {
    const response = await app.request('/assets/missing.js');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('not found');
  });
});

describe('the Content-Security-Policy of the pages', () => {
  it.each([
    '/',
    '/login',
    '/register',
    '/personal/edit',
    '/security/active-sessions/',
    '/oauth?client_id=kirish-demo',
    '/deleted-account',
    '/no/such/page',
  ])(
    'sends %s with a policy that runs only this origin’s scripts, nothing inline, and reports what it blocks',
    async (path) => {
      const response = await app.request(path);
      expect(response.headers.get('content-security-policy')).toBe(PAGE_POLICY);
      // Over plain http the Reporting API would not deliver: report-uri alone (content-security-policy.ts).
      expect(response.headers.get('reporting-endpoints')).toBeNull();
    },
  );

  it('sends the embed page the same policy, framable only by its client’s origins', async () => {
    const response = await app.request('/embed?client_id=kirish-demo');
    expect(response.headers.get('content-security-policy')).toBe(
      PAGE_POLICY.replace("frame-ancestors 'none'", `frame-ancestors ${DEMO} https://shop.example.uz`),
    );
  });

  it('keeps the policy on a page asked for by its file name', async () => {
    for (const path of ['/prerendered/page.uz.html', '/index.html']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-security-policy'), path).toBe(PAGE_POLICY);
    }
  });

  it('allows neither inline script nor eval on any page', async () => {
    for (const path of ['/', '/login', '/embed?client_id=kirish-demo', '/prerendered/page.uz.html']) {
      const policy = (await app.request(path)).headers.get('content-security-policy') ?? '';
      expect(policy, path).not.toMatch(/'unsafe-(inline|eval|hashes)'|'strict-dynamic'|\*/);
    }
  });

  it('adds the hosts and the inline hashes the build wrote, and over HTTPS reports through report-to too', async () => {
    const hash = "'sha256-N8Ty8tdXaaD4NsHsyqXPPBaQ38cBCoHEvOSStsx0a78='";
    const sources: PageSources = {
      'connect-src': ['https://o42.ingest.sentry.io'],
      'img-src': ['https://cdn.kirish.uz'],
      'script-src': [hash],
      'style-src': [],
    };
    const response = await siteWith({ sources, reportTo: true }).request('/login');
    expect(cspDirective(response.headers, 'connect-src')).toBe("connect-src 'self' https://o42.ingest.sentry.io");
    expect(cspDirective(response.headers, 'img-src')).toBe("img-src 'self' data: https://cdn.kirish.uz");
    expect(cspDirective(response.headers, 'script-src')).toBe(`script-src 'self' ${hash} 'report-sample'`);
    expect(cspDirective(response.headers, 'report-uri')).toBe('report-uri /csp-report');
    expect(cspDirective(response.headers, 'report-to')).toBe('report-to csp');
    expect(response.headers.get('reporting-endpoints')).toBe('csp="/csp-report"');
  });

  it('leaves the page policy off the scripts and the widget’s files, whose own rules stay', async () => {
    expect((await app.request('/assets/index-abc.js')).headers.get('content-security-policy')).toBeNull();
    const widget = await app.request('/widget/widget.js');
    expect(widget.headers.get('content-security-policy')).toBeNull();
    expect(widget.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});
