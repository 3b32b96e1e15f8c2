/**
 * The demo partner site (demo/, built into dist/demo/), served on its own port — another site than
 * the SSO, so the widget really runs cross-site. Its page names the SSO origin of this run where
 * the build left `__KIRISH_SSO__`; /callback, where the redirect sign-in comes back, is the same
 * page. Its assets follow the SSO's rules (dist-file.ts); the page, rewritten for this run, is
 * compressed once here and kept until the file changes.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import { encodeRepresentations, sendNegotiated, type Representations } from '../lib/representation.js';
import { cachePolicyOf, serveDistFile } from './dist-file.js';

const PAGES = new Set(['/', '/index.html', '/callback']);
const SSO_PLACEHOLDER = /__KIRISH_SSO__/g;

export function demoSite(options: { root: string; ssoOrigin: string }): Hono {
  const pagePath = join(options.root, 'index.html');
  let page: { mtimeMs: number; size: number; representations: Representations } | undefined;

  async function currentPage(): Promise<Representations> {
    const { mtimeMs, size } = await stat(pagePath);
    if (page?.mtimeMs !== mtimeMs || page.size !== size) {
      const html = (await readFile(pagePath, 'utf8')).replace(SSO_PLACEHOLDER, options.ssoOrigin);
      page = { mtimeMs, size, representations: encodeRepresentations(html) };
    }
    return page.representations;
  }

  const app = new Hono();
  app.get('*', async (c, next) => {
    if (PAGES.has(c.req.path)) return sendNegotiated(c, await currentPage(), { contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' });
    const file = c.req.path.slice(1);
    return (await serveDistFile(c, { root: options.root, file, cache: cachePolicyOf(file) })) ?? next();
  });
  return app;
}
