/**
 * POST /developers/apps/{client_id}/logo/ (multipart/form-data, one file field `logo`) and
 * DELETE /developers/apps/{client_id}/logo/: an app's logo, through the photo pipeline
 * (services/image-upload.ts, services/photo-store.ts) with the profile photo's limits, served
 * under /cdn like a photo.
 *
 * As with the photo, the new files are written before the row points at them and the old ones
 * deleted only after it no longer does: a crash in between leaves an orphaned file at worst.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { developerAppView, logoSourceOf, logoUrlOf } from '../../services/client-registry.js';
import { limitImageBody, saveImageUpload } from '../../services/image-upload.js';
import { ownedApp } from './owned-app.js';

/** The logo upload's path: app.ts exempts it from the limit of JSON bodies; it has its own. */
export const isLogoUploadPath = (path: string): boolean =>
  /^\/sso\/api\/v1\/developers\/apps\/[^/]+\/logo\/$/.test(path);

export function developerLogoRoutes({ storage, clock, sessions, photos }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  app.post('/apps/:clientId/logo/', auth, requireActive, limitImageBody('logo'), async (c) => {
    const userId = c.get('auth').user.id;
    const clientId = c.req.param('clientId');
    // Refused before the upload is decoded: a stranger's request costs no image work.
    await ownedApp(storage, userId, clientId);
    const source = await saveImageUpload(c, 'logo', photos);
    let result;
    try {
      result = await storage.transaction(async (tx) => {
        const client = await ownedApp(tx, userId, clientId);
        const next = { ...client, logoUrl: logoUrlOf(source), updatedAt: clock.now() };
        await tx.clients.upsert(next);
        return { next, previous: logoSourceOf(client.logoUrl) };
      });
    } catch (error) {
      await photos.remove(source);
      throw error;
    }
    if (result.previous) await photos.remove(result.previous);
    return c.json({ app: developerAppView(result.next) });
  });

  app.delete('/apps/:clientId/logo/', auth, requireActive, async (c) => {
    const userId = c.get('auth').user.id;
    const result = await storage.transaction(async (tx) => {
      const client = await ownedApp(tx, userId, c.req.param('clientId'));
      if (client.logoUrl === null) return { next: client, previous: null };
      const next = { ...client, logoUrl: null, updatedAt: clock.now() };
      await tx.clients.upsert(next);
      return { next, previous: logoSourceOf(client.logoUrl) };
    });
    if (result.previous) await photos.remove(result.previous);
    return c.json({ app: developerAppView(result.next) });
  });

  return app;
}
