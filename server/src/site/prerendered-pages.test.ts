import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { cspDirective } from '../test-support/csp.js';
import { OWN_ORIGIN_ONLY } from './content-security-policy.js';
import { staticSite } from './static-site.js';

/** A build with prerendered pages for /login (uz, ru, en), /embed (uz) and /developers/guide (ru), as the build writes them. */
const dist = mkdtempSync(join(tmpdir(), 'kirish-prerendered-'));
mkdirSync(join(dist, 'app', 'prerendered'), { recursive: true });
writeFileSync(join(dist, 'app', 'index.html'), '<!doctype html><title>shell</title>');
for (const locale of ['uz', 'ru', 'en'])
  writeFileSync(join(dist, 'app', 'prerendered', `login.${locale}.html`), `<!doctype html><h1>login ${locale}</h1>`);
writeFileSync(join(dist, 'app', 'prerendered', 'embed.uz.html'), '<!doctype html><h1>embed uz</h1>');
writeFileSync(join(dist, 'app', 'prerendered', 'developers-guide.ru.html'), '<!doctype html><h1>guide ru</h1>');

const app = new Hono();
app.use(
  '*',
  staticSite({
    appRoot: join(dist, 'app'),
    distRoot: dist,
    embedAncestors: async () => ['http://127.0.0.1:8081'],
    serveSourceMaps: false,
    sources: OWN_ORIGIN_ONLY,
    reportTo: false,
  }),
);
app.notFound((c) => c.text('not found', 404));

afterAll(() => rmSync(dist, { recursive: true, force: true }));

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await app.request(path, { headers });
  return { status: response.status, body: await response.text(), headers: response.headers };
}

describe('the prerendered pages', () => {
  it('answers /login with its page in Uzbek for a browser that asks for nothing else', async () => {
    const answer = await page('/login');
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('<!doctype html><h1>login uz</h1>');
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    expect(cspDirective(answer.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });

  it('speaks the browser’s first language when it is Russian or English (docs/product.md §4)', async () => {
    expect((await page('/login', { 'Accept-Language': 'ru-RU,ru;q=0.9,en;q=0.8' })).body).toContain('login ru');
    expect((await page('/login', { 'Accept-Language': 'en-GB,en;q=0.9' })).body).toContain('login en');
    // Only the first language counts, as navigator.language does in the SPA.
    expect((await page('/login', { 'Accept-Language': 'de-DE,ru;q=0.9' })).body).toContain('login uz');
  });

  it('takes the chosen language from the _locale cookie over the browser’s', async () => {
    expect((await page('/login', { Cookie: '_locale=ru', 'Accept-Language': 'en' })).body).toContain('login ru');
    // A cookie that names no locale is ignored.
    expect((await page('/login', { Cookie: '_locale=xx', 'Accept-Language': 'en' })).body).toContain('login en');
  });

  it('takes the language the address asks for over the cookie (docs/product.md §2 language)', async () => {
    expect((await page('/login?language=en', { Cookie: '_locale=ru' })).body).toContain('login en');
  });

  it('tells caches that the page depends on the cookie and the language', async () => {
    const vary = (await page('/login')).headers.get('vary') ?? '';
    expect(vary).toMatch(/Cookie/);
    expect(vary).toMatch(/Accept-Language/);
  });

  it('answers with the plain shell where a page or a locale was not prerendered', async () => {
    expect((await page('/login', { Cookie: '_locale=kaa' })).body).toBe('<!doctype html><title>shell</title>');
    expect((await page('/register')).body).toBe('<!doctype html><title>shell</title>');
    expect((await page('/personal')).body).toBe('<!doctype html><title>shell</title>');
  });

  it('frames the prerendered embed page for its client as the shell was', async () => {
    const answer = await page('/embed?client_id=kirish-demo');
    expect(answer.body).toContain('embed uz');
    expect(cspDirective(answer.headers, 'frame-ancestors')).toBe('frame-ancestors http://127.0.0.1:8081');
  });

  it('answers the partner guide, a page two segments deep, with its prerendered file, and framed by nobody', async () => {
    const answer = await page('/developers/guide', { Cookie: '_locale=ru' });
    expect(answer.body).toBe('<!doctype html><h1>guide ru</h1>');
    expect(cspDirective(answer.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(answer.headers.get('cache-control')).toBe('no-cache');
  });

  it('gives the embed page’s popup the plain shell: it is a top-level page with its own session', async () => {
    expect((await page('/embed?client_id=kirish-demo&mode=popup')).body).toBe('<!doctype html><title>shell</title>');
  });

  it('answers 304 to a browser that holds the page it would get', async () => {
    const first = await page('/login', { 'Accept-Language': 'ru' });
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await app.request('/login', {
      headers: { 'Accept-Language': 'ru', 'If-None-Match': etag as string },
    });
    expect(again.status).toBe(304);
    // In another language the page is another one, with another tag.
    const other = await app.request('/login', {
      headers: { 'Accept-Language': 'en', 'If-None-Match': etag as string },
    });
    expect(other.status).toBe(200);
  });
});
