/**
 * How the SSO's built files reach a browser: the brotli and gzip files that the build's compression
 * step (server/scripts/compress-dist.mjs, run here on a real folder) wrote beside them, chosen by
 * Accept-Encoding; ETags and 304s; cache lifetimes by name; no source maps in production.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { cspDirective } from '../test-support/csp.js';
import { OWN_ORIGIN_ONLY } from './content-security-policy.js';
import { staticSite } from './static-site.js';

const COMPRESS_SCRIPT = fileURLToPath(new URL('../../scripts/compress-dist.mjs', import.meta.url));
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
const IMMUTABLE = 'public, max-age=31536000, immutable';

// Files big and repetitive enough to compress, like a real build's.
const script = `export function greet(name){return "Salom, "+name}\n`.repeat(200);
const styles = `.button{color:#0b6e4f;padding:10px 18px;border-radius:10px}\n`.repeat(100);
const shell = `<!doctype html><html lang="uz"><head><meta charset="utf-8"><title>Kirish</title>${'<link rel="modulepreload" href="/assets/index-AbCd1234.js">'.repeat(30)}</head><body><div id="root"></div></body></html>`;
const loader = `(function(){window.Kirish={mount:function(){}}})();`.repeat(60);

const dist = mkdtempSync(join(tmpdir(), 'kirish-dist-'));
const app = join(dist, 'app');
mkdirSync(join(app, 'assets'), { recursive: true });
mkdirSync(join(app, '.vite'), { recursive: true });
mkdirSync(join(dist, 'widget'), { recursive: true });
writeFileSync(join(app, 'index.html'), shell);
writeFileSync(join(app, 'assets', 'index-AbCd1234.js'), script);
writeFileSync(
  join(app, 'assets', 'index-AbCd1234.js.map'),
  JSON.stringify({ version: 3, sources: ['main.tsx'], mappings: 'AAAA;'.repeat(400) }),
);
writeFileSync(join(app, 'assets', 'index-Xy_9-8Zq.css'), styles);
writeFileSync(join(app, 'assets', 'logo-Qw3rTy12.png'), Buffer.alloc(2048, 7));
writeFileSync(join(app, 'assets', 'late-Late1234.js'), script);
writeFileSync(join(app, '.vite', 'manifest.json'), '{}');
writeFileSync(join(dist, 'widget', 'widget.js'), loader);
execFileSync(process.execPath, [COMPRESS_SCRIPT, app, join(dist, 'widget')], { stdio: 'pipe' });
// A file rebuilt after its compressed copies were written: those copies are stale.
const later = new Date(statSync(join(app, 'assets', 'late-Late1234.js.br')).mtimeMs + 60_000);
utimesSync(join(app, 'assets', 'late-Late1234.js'), later, later);

function siteApp(serveSourceMaps: boolean): Hono {
  const site = new Hono();
  const registered: Record<string, string[]> = { 'kirish-demo': ['http://127.0.0.1:8081'] };
  site.use(
    '*',
    staticSite({
      appRoot: app,
      distRoot: dist,
      embedAncestors: async (id) => registered[id] ?? [],
      serveSourceMaps,
      sources: OWN_ORIGIN_ONLY,
      reportTo: false,
    }),
  );
  site.notFound((c) => c.text('not found', 404));
  return site;
}
const production = siteApp(false);
const development = siteApp(true);

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  production.request(path, { method, headers });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('precompressed files, chosen by Accept-Encoding', () => {
  it('sends Chromium the brotli file written at build time, with its own type and length', async () => {
    const response = await get('/assets/index-AbCd1234.js', { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING });
    const body = await bytesOf(response);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(body).toEqual(readFileSync(join(app, 'assets', 'index-AbCd1234.js.br')));
    expect(response.headers.get('content-length')).toBe(String(body.byteLength));
    expect(body.byteLength).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(body).toString()).toBe(script);
  });

  it('sends gzip to a client that takes gzip only, and the plain file to one that takes neither', async () => {
    const gzip = await get('/assets/index-Xy_9-8Zq.css', { 'accept-encoding': 'gzip, deflate' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect(gunzipSync(await bytesOf(gzip)).toString()).toBe(styles);

    for (const header of [undefined, 'deflate', 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get('/assets/index-Xy_9-8Zq.css', header === undefined ? {} : { 'accept-encoding': header });
      expect(plain.headers.get('content-encoding'), header).toBeNull();
      expect(plain.headers.get('vary'), header).toBe('Accept-Encoding');
      expect((await bytesOf(plain)).toString(), header).toBe(styles);
    }
  });

  it('respects q=0: brotli refused means gzip, even from a client that lists it first', async () => {
    const response = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'br;q=0, gzip, deflate' });
    expect(response.headers.get('content-encoding')).toBe('gzip');
  });

  it('compresses the shell and the widget loader too', async () => {
    const page = await get('/login', { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING });
    expect(page.headers.get('content-encoding')).toBe('br');
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(brotliDecompressSync(await bytesOf(page)).toString()).toBe(shell);
    const widget = await get('/widget/widget.js', { 'accept-encoding': 'gzip' });
    expect(widget.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(widget)).toString()).toBe(loader);
  });

  it('never compresses at request time: without a compressed file every client gets the plain one', async () => {
    const image = await get('/assets/logo-Qw3rTy12.png', { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING });
    expect(image.headers.get('content-encoding')).toBeNull();
    expect(image.headers.get('vary')).toBeNull();
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await bytesOf(image)).byteLength).toBe(2048);
  });

  it('ignores compressed copies older than their file, which would serve the previous build', async () => {
    const response = await get('/assets/late-Late1234.js', { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING });
    expect(response.headers.get('content-encoding')).toBeNull();
    expect((await bytesOf(response)).toString()).toBe(script);
  });

  it('answers HEAD with the length of what GET would send, and no body', async () => {
    const head = await get('/assets/index-AbCd1234.js', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(head.headers.get('content-length')).toBe(String(statSync(join(app, 'assets', 'index-AbCd1234.js.gz')).size));
    expect((await bytesOf(head)).byteLength).toBe(0);
  });
});

describe('cache lifetimes', () => {
  it.each(['/assets/index-AbCd1234.js', '/assets/index-Xy_9-8Zq.css', '/assets/logo-Qw3rTy12.png'])(
    'lets browsers keep the hashed %s for a year without asking',
    async (path) => {
      const response = await get(path, { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING });
      expect(response.headers.get('cache-control')).toBe(IMMUTABLE);
    },
  );

  it.each(['/', '/login', '/register', '/embed?client_id=kirish-demo', '/index.html', '/widget/widget.js'])(
    'makes browsers revalidate %s, which keeps its name across builds',
    async (path) => {
      const response = await get(path, { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    },
  );
});

describe('ETag and If-None-Match (RFC 9110 §8.8.3, §13.1.2)', () => {
  it('answers a matching If-None-Match with 304, no body, and the headers a cache needs', async () => {
    const first = await get('/login', { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING });
    const tag = first.headers.get('etag') ?? '';
    const again = await get('/login', { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING, 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect((await bytesOf(again)).byteLength).toBe(0);
    expect(again.headers.get('etag')).toBe(tag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('vary')).toContain('Accept-Encoding');
    // The page's policy, framing included, holds on a 304 as on a 200.
    expect(cspDirective(again.headers, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
    expect(cspDirective(again.headers, 'script-src')).toBe("script-src 'self' 'report-sample'");
  });

  it('gives each coding of a file its own tag, so a tag of the brotli bytes does not validate the gzip ones', async () => {
    const tags = new Set<string | null>();
    for (const encoding of ['br', 'gzip', 'identity'])
      tags.add((await get('/widget/widget.js', { 'accept-encoding': encoding })).headers.get('etag'));
    expect(tags.size).toBe(3);
    const brTag = (await get('/widget/widget.js', { 'accept-encoding': 'br' })).headers.get('etag') ?? '';
    const gzip = await get('/widget/widget.js', { 'accept-encoding': 'gzip', 'if-none-match': brTag });
    expect(gzip.status).toBe(200);
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
  });

  it('matches by the weak comparison, within a list, and for *', async () => {
    const tag = (await get('/widget/widget.js', { 'accept-encoding': 'br' })).headers.get('etag') ?? '';
    for (const header of [`W/${tag}`, `"nope", ${tag}`, '*']) {
      const response = await get('/widget/widget.js', { 'accept-encoding': 'br', 'if-none-match': header });
      expect(response.status, header).toBe(304);
    }
    expect((await get('/widget/widget.js', { 'accept-encoding': 'br', 'if-none-match': '"nope"' })).status).toBe(200);
  });

  it('keeps the embed page framable by the client’s origins on a 304', async () => {
    const path = '/embed?client_id=kirish-demo';
    const tag = (await get(path)).headers.get('etag') ?? '';
    const again = await get(path, { 'if-none-match': tag });
    expect(again.status).toBe(304);
    expect(cspDirective(again.headers, 'frame-ancestors')).toBe('frame-ancestors http://127.0.0.1:8081');
    expect(again.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
  });

  it('changes the tag when the file changes', async () => {
    const before = (await get('/widget/widget.js')).headers.get('etag');
    writeFileSync(join(dist, 'widget', 'widget.js'), `${loader}/* v2 */`);
    const after = await get('/widget/widget.js', { 'if-none-match': before ?? '' });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect((await bytesOf(after)).toString()).toBe(`${loader}/* v2 */`);
  });
});

describe('what is not served', () => {
  it('answers a source map with 404 in production, and serves it otherwise', async () => {
    expect((await get('/assets/index-AbCd1234.js.map')).status).toBe(404);
    expect((await get('/assets/index-AbCd1234.js.map.br', { 'accept-encoding': 'br' })).status).toBe(404);
    const map = await development.request('/assets/index-AbCd1234.js.map');
    expect(map.status).toBe(200);
    expect(map.headers.get('content-type')).toBe('application/json');
  });

  it('names a script’s source map in its SourceMap header outside production only', async () => {
    expect((await get('/assets/index-AbCd1234.js')).headers.get('sourcemap')).toBeNull();
    expect((await development.request('/assets/index-AbCd1234.js')).headers.get('sourcemap')).toBe(
      'index-AbCd1234.js.map',
    );
  });

  it.each(['/.vite/manifest.json', '/widget/..%2fapp/index.html', '/assets/..%5cindex.html'])(
    'answers %s with 404, not the file',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(404);
    },
  );
});
