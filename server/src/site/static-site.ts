/**
 * The SSO origin's static files: the widget's assets under /widget/ and the built SPA everywhere else,
 * with the SPA's index.html for any path that is not a file (client-side routes such as /login).
 *
 * Framing (DESIGN.md, Widget protocol): every page of the SPA sends `frame-ancestors 'none'`, so no
 * other site can frame the login or consent pages to trick clicks (CSP Level 3 §6.4.2), except the
 * widget's /embed page, which may be framed by the web origins registered for its `client_id`.
 */
import type { MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isSerializedOrigin } from '../lib/origins.js';

const LOOKS_LIKE_FILE = /\.[a-z0-9]+$/i;
const EMBED_PATH = '/embed';

export interface StaticSiteOptions {
  appRoot: string;
  distRoot: string;
  /** The web origins that may frame the embed page for a client (none for an unknown one). */
  embedAncestors: (clientId: string) => Promise<readonly string[]>;
}

export function staticSite(options: StaticSiteOptions): MiddlewareHandler {
  const widget = serveStatic({ root: options.distRoot });
  const files = serveStatic({ root: options.appRoot });
  const shell = serveStatic({ root: options.appRoot, path: 'index.html' });

  async function frameAncestors(path: string, clientId: string | undefined): Promise<string> {
    if (path !== EMBED_PATH || !clientId) return "'none'";
    // Only exact serialized origins reach the header: nothing in it can add a directive.
    const origins = (await options.embedAncestors(clientId)).filter(isSerializedOrigin);
    return origins.length > 0 ? origins.join(' ') : "'none'";
  }

  return async function site(c, next) {
    const path = c.req.path;
    if (path.startsWith('/widget/')) {
      // Partner pages on other sites load the widget's script: CORP must not hold it back.
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
      return widget(c, next);
    }
    if (LOOKS_LIKE_FILE.test(path) && path !== '/index.html') return files(c, next);
    c.header('Content-Security-Policy', `frame-ancestors ${await frameAncestors(path, c.req.query('client_id'))}`);
    // The embed page's "continue in a new window" popup answers its opener, the frame: a
    // same-origin opener policy would cut that link (HTML, cross-origin opener policies).
    if (path === EMBED_PATH) c.header('Cross-Origin-Opener-Policy', 'unsafe-none');
    // The shell names the current build's hashed assets: a browser must ask again each time.
    c.header('Cache-Control', 'no-cache');
    return shell(c, next);
  };
}
