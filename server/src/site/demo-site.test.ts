import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { demoSite } from './demo-site.js';

const root = mkdtempSync(join(tmpdir(), 'kirish-demo-'));
mkdirSync(join(root, 'assets'));
writeFileSync(join(root, 'index.html'), '<meta name="kirish-sso" content="__KIRISH_SSO__"><script src="__KIRISH_SSO__/widget/widget.js"></script>');
writeFileSync(join(root, 'assets', 'main.js'), 'export {}');
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

  it('answers 404 for anything else', async () => {
    expect((await app.request('/nothing.js')).status).toBe(404);
  });
});
