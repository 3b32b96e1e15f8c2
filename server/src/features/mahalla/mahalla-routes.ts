/**
 * GET /mahalla/oneid/callback/ (docs/product.md §2): where the SPA's /mahalla/oneid/callback page sends the
 * browser with its query string. The SPA's settings are fixed when it is built; this one is the
 * server's (MAHALLA_ONEID_CALLBACK_URL, validated in config.ts), so the page asks for it, and only that
 * page pays the round trip. The page never takes a target from its own query (RFC 6749 §10.15).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { MahallaCallbackTarget } from '../../contract/mahalla.js';

export function mahallaRoutes({ config }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.get('/oneid/callback/', (c) =>
    c.json({ url: config.mahallaOneIdCallbackUrl ?? null } satisfies MahallaCallbackTarget),
  );
  return app;
}
