/**
 * POST /TokenRefresh/ (docs/product.md §7): a refresh token for a new pair; no Authorization or Device-Id needed.
 * A success also renews the `_idp` cookie from the device cookie and tells the browser it is signed
 * in (Login Status API), so a device signed in before FedCM existed gets the cookie here (docs/fedcm.md).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { TokenRefreshRequest } from '../../contract/tokens.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { renewIdpCookie } from '../../middleware/device-key.js';

const refreshSchema = requestSchema<TokenRefreshRequest>()(
  v.strictObject({ refresh: v.pipe(v.string('invalid_value'), v.maxLength(512, 'invalid_value')) }),
);

export function tokenRoutes({ config, sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.post('/TokenRefresh/', async (c) => {
    const body = await readJsonBody(c, refreshSchema);
    const pair = await sessions.refresh(body.refresh);
    renewIdpCookie(c, config.product);
    return c.json(pair);
  });
  return app;
}
