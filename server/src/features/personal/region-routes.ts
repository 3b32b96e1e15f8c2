/**
 * GET /common/api/v1/regions/ : the regions and districts the address form offers. Public and the
 * same for everyone, so browsers and proxies may keep it (with an ETag to revalidate).
 */
import { Hono } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../../app-env.js';
import { REGIONS_MAX_AGE_SECONDS } from '../../config/policy.js';
import { REGIONS } from './regions.js';

export function regionRoutes() {
  const app = new Hono<AppEnv>();
  app.use('/regions/', etag());
  app.get('/regions/', (c) => {
    c.header('Cache-Control', `public, max-age=${REGIONS_MAX_AGE_SECONDS}`);
    return c.json(REGIONS);
  });
  return app;
}
