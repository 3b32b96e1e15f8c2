/**
 * GET /common/api/v1/regions/ : the regions and districts the address form offers. Public and the
 * same for everyone, so browsers and proxies may keep it (with an ETag to revalidate). Its 44 kB
 * of JSON are encoded once (brotli, gzip) on the first request and kept.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { REGIONS_MAX_AGE_SECONDS } from '../../config/policy.js';
import { encodeRepresentations, sendNegotiated, type Representations } from '../../lib/representation.js';
import { REGIONS } from '../../services/regions.js';

export function regionRoutes() {
  let encoded: Representations | undefined;
  const app = new Hono<AppEnv>();
  app.get('/regions/', (c) => {
    encoded ??= encodeRepresentations(JSON.stringify(REGIONS));
    return sendNegotiated(c, encoded, {
      contentType: 'application/json',
      cacheControl: `public, max-age=${REGIONS_MAX_AGE_SECONDS}`,
    });
  });
  return app;
}
