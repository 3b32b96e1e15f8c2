/**
 * GET /mahalla/oneid/callback (docs/product.md §2: no screen; it forwards its query string to an external
 * callback, then `/`): answered by the server itself with a redirect, before the SPA is served. The target
 * is only ever the configured MAHALLA_ONEID_CALLBACK_URL (validated once in config.ts), with this request's
 * query string appended byte for byte; nothing in the query can name a target (RFC 6749 §10.15, open
 * redirectors). None configured: the site's home. No page, no script, nothing of it in the SPA's bundle.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { forwardTarget } from './forward-target.js';

export const MAHALLA_CALLBACK_PATH = '/mahalla/oneid/callback';

export function mahallaRoutes({ config }: Pick<RouteDeps, 'config'>) {
  const app = new Hono<AppEnv>();
  app.get(MAHALLA_CALLBACK_PATH, (c) => {
    const url = c.req.url;
    const queryAt = url.indexOf('?');
    const search = queryAt === -1 ? '' : url.slice(queryAt);
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(forwardTarget(config.mahallaOneIdCallbackUrl ?? null, search), 302);
  });
  return app;
}
