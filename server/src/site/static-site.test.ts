import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { staticSite } from './static-site.js';

const dist = mkdtempSync(join(tmpdir(), 'kirish-site-'));
mkdirSync(join(dist, 'app', 'assets'), { recursive: true });
mkdirSync(join(dist, 'widget'), { recursive: true });
writeFileSync(join(dist, 'app', 'index.html'), '<!doctype html><title>Kirish</title>');
writeFileSync(join(dist, 'app', 'assets', 'index-abc.js'), 'console.log(1)');
writeFileSync(join(dist, 'widget', 'widget.js'), 'window.Kirish={}');

const app = new Hono();
const DEMO = 'http://127.0.0.1:8081';
const registered: Record<string, string[]> = { 'kirish-demo': [DEMO, 'https://shop.example.uz'], broken: ["'unsafe-inline'", 'http://a.uz; script-src *'] };
app.use('*', staticSite({ appRoot: join(dist, 'app'), distRoot: dist, embedAncestors: async (id) => registered[id] ?? [], serveSourceMaps: false }));
app.notFound((c) => c.text('not found', 404));

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the static site', () => {
  it.each(['/', '/index.html', '/login', '/oauth', '/security/active-sessions/', '/oauth/google'])('answers %s with the SPA shell, not cached, and framable by no one', async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<!doctype html><title>Kirish</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });

  it('lets the web origins of the client frame the embed page, and no one else', async () => {
    const response = await app.request('/embed?client_id=kirish-demo&origin=x');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(`frame-ancestors ${DEMO} https://shop.example.uz`);
    // Its popup must keep its opener (the frame) to hand the answer back.
    expect(response.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  });

  it.each([
    ['an unknown client', '/embed?client_id=nobody'],
    ['no client', '/embed'],
    ['another page with a client', '/login?client_id=kirish-demo'],
  ])('keeps the embed page unframable for %s', async (_, path) => {
    const response = await app.request(path);
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });

  it('puts only serialized origins into the header, so a stored value cannot add a directive', async () => {
    const response = await app.request('/embed?client_id=broken');
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
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
