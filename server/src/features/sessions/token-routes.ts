/** POST /TokenRefresh/ (SPEC §7): a refresh token for a new pair; no Authorization or Device-Id needed. */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { TokenRefreshRequest } from '../../contract/tokens.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';

const refreshSchema = requestSchema<TokenRefreshRequest>()(v.strictObject({ refresh: v.pipe(v.string('invalid_value'), v.maxLength(512, 'invalid_value')) }));

export function tokenRoutes({ sessions }: RouteDeps) {
  const app = new Hono<AppEnv>();
  app.post('/TokenRefresh/', async (c) => {
    const body = await readJsonBody(c, refreshSchema);
    return c.json(await sessions.refresh(body.refresh));
  });
  return app;
}
