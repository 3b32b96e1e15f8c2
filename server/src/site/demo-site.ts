/**
 * The demo partner site (demo/, built into dist/demo/), served on its own port — another site than
 * the SSO, so the widget really runs cross-site. Its page names the SSO origin of this run where
 * the build left `__KIRISH_SSO__`; /callback, where the redirect sign-in comes back, is the same
 * page.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

const PAGES = new Set(['/', '/index.html', '/callback']);
const SSO_PLACEHOLDER = /__KIRISH_SSO__/g;

export function demoSite(options: { root: string; ssoOrigin: string }): Hono {
  const app = new Hono();
  app.get('*', async (c, next) => {
    if (!PAGES.has(c.req.path)) return next();
    const page = await readFile(join(options.root, 'index.html'), 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(page.replace(SSO_PLACEHOLDER, options.ssoOrigin));
  });
  app.use('*', serveStatic({ root: options.root }));
  return app;
}
