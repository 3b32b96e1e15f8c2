/**
 * The SSO origin's static files: the widget's assets under /widget/ and the built SPA everywhere else,
 * with the SPA's index.html for any path that is not a file (client-side routes such as /login).
 */
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

const LOOKS_LIKE_FILE = /\.[a-z0-9]+$/i;

export function staticSite(options: { appRoot: string; distRoot: string }): MiddlewareHandler {
  const widget = serveStatic({ root: options.distRoot });
  const files = serveStatic({ root: options.appRoot });
  const shell = serveStatic({ root: options.appRoot, path: 'index.html' });
  return async function site(c, next) {
    if (c.req.path.startsWith('/widget/')) return widget(c, next);
    // serveStatic answers with a Response, or calls its `next` when there is no such file.
    let missing = false;
    const file = await files(c, async () => {
      missing = true;
    });
    if (!missing) return file;
    if (LOOKS_LIKE_FILE.test(c.req.path)) return next();
    // The shell names the current build's hashed assets: a browser must ask again each time.
    c.header('Cache-Control', 'no-cache');
    return shell(c, next);
  };
}
