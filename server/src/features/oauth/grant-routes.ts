/**
 * GET /user/grants/ and DELETE /user/grants/?client_id= : the apps the signed-in user has let in,
 * for the account pages, and taking one's consent back (which signs that app out).
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { Grant } from '../../contract/grants.js';
import { parseWith, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';

const revokeQuery = v.strictObject({
  client_id: v.pipe(v.string(), v.minLength(1, 'field_required'), v.maxLength(256, 'invalid_value')),
});

export function grantRoutes({ sessions, grants }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  app.get('/grants/', auth, requireActive, async (c) => {
    const list = await grants.list(c.get('auth').user.id);
    return c.json(
      list.map((grant): Grant => ({
        client_id: grant.clientId,
        name: grant.name,
        logo_url: grant.logoUrl,
        scopes: grant.scopes,
        created_at: new Date(grant.createdAt).toISOString(),
      })),
    );
  });

  // Idempotent: a client the user never let in, or an unknown one, is simply not there afterwards either.
  app.delete('/grants/', auth, requireActive, async (c) => {
    const { client_id: clientId } = parseWith(revokeQuery, c.req.query());
    const { user, session } = c.get('auth');
    await grants.revoke(user.id, clientId, { sessionId: session.id, meta: c.get('meta') });
    return c.body(null, 204);
  });

  return app;
}
