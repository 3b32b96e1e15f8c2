import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { demoSite } from './demo-site.js';

const root = mkdtempSync(join(tmpdir(), 'kirish-demo-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<meta name="kirish-sso" content="__KIRISH_SSO__"><script src="__KIRISH_SSO__/widget/widget.js"></script>');
writeFileSync(join(root, 'assets', 'main.js'), 'export {}');
writeFileSync(join(root, 'assets', 'index-Dp-AOVof.js'), 'export const shop = "Bozor";\n'.repeat(100));
execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/compress-dist.mjs', import.meta.url)), root], { stdio: 'pipe' });
const app = demoSite({ root, ssoOrigin: 'http://127.0.0.1:9090' });

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the demo partner site', () => {
  it.each(['/', '/index.html', '/callback'])('serves %s as the page, naming this run’s SSO origin', async (path) => {
    const response = await app.request(path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<meta name="kirish-sso" content="http://127.0.0.1:9090"><script src="http://127.0.0.1:9090/widget/widget.js"></script>');
  });

  it('serves its built assets', async () => {
    const response = await app.request('/assets/main.js');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('export {}');
  });

  it('serves its hashed assets precompressed and cacheable for a year, as the SSO does', async () => {
    const response = await app.request('/assets/index-Dp-AOVof.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
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

  it('answers 404 for anything else', async () => {
    expect((await app.request('/nothing.js')).status).toBe(404);
  });
});
