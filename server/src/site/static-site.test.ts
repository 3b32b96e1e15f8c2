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
app.use('*', staticSite({ appRoot: join(dist, 'app'), distRoot: dist }));
app.notFound((c) => c.text('not found', 404));

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the static site', () => {
  it('answers / with the SPA shell', async () => {
    const response = await app.request('/');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<!doctype html><title>Kirish</title>');
  });

  it.each(['/login', '/security/active-sessions/', '/oauth/google'])('answers the client-side route %s with the SPA shell, not cached', async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<!doctype html><title>Kirish</title>');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves a built file as itself', async () => {
    const response = await app.request('/assets/index-abc.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log(1)');
  });

  it('serves the widget assets', async () => {
    const response = await app.request('/widget/widget.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('window.Kirish={}');
  });

  it('answers a missing file with 404 instead of the shell', async () => {
    const response = await app.request('/assets/missing.js');
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('not found');
  });
});
