/**
 * POST /user/photo/ (multipart/form-data, one file field `photo`) and DELETE /user/photo/.
 *
 * What an upload is comes from its bytes (services/image-upload.ts), never from its name or declared
 * type; it is then decoded and re-encoded (services/photo-store.ts), so what is served is always an image
 * we wrote ourselves — a polyglot (a file that is both a GIF and a script) does not survive it.
 *
 * Files and rows cannot share a transaction, so the order keeps the row honest: the new files are
 * written before the row points at them, and the old ones deleted only after the row no longer
 * does. A crash in between leaves an orphaned file at worst, never a profile without its photo.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { PhotoUploaded } from '../../contract/profile.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { limitImageBody, saveImageUpload } from '../../services/image-upload.js';
import { recordEvent } from '../../services/audit-log.js';

/** The upload's path: app.ts exempts it from the 16 KiB limit of JSON bodies. */
export const PHOTO_UPLOAD_PATH = '/sso/api/v1/user/photo/';

export function photoRoutes({ storage, clock, sessions, photos }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  app.post('/photo/', auth, requireActive, limitImageBody('photo'), async (c) => {
    const source = await saveImageUpload(c, 'photo', photos);
    const userId = c.get('auth').user.id;
    let previous: string | null;
    try {
      previous = await storage.transaction(async (tx) => {
        const before = (await tx.users.findById(userId))?.photo ?? null;
        const now = clock.now();
        await tx.profiles.update(userId, { photo: source }, now);
        await recordEvent(tx, {
          type: 'photo_changed',
          userId,
          sessionId: c.get('auth').session.id,
          meta: c.get('meta'),
          at: now,
          details: { removed: false },
        });
        return before;
      });
    } catch (error) {
      await photos.remove(source);
      throw error;
    }
    if (previous) await photos.remove(previous);
    return c.json({ photo: source } satisfies PhotoUploaded);
  });

  app.delete('/photo/', auth, requireActive, async (c) => {
    const userId = c.get('auth').user.id;
    const previous = await storage.transaction(async (tx) => {
      const before = (await tx.users.findById(userId))?.photo ?? null;
      if (before) {
        const now = clock.now();
        await tx.profiles.update(userId, { photo: null }, now);
        await recordEvent(tx, {
          type: 'photo_changed',
          userId,
          sessionId: c.get('auth').session.id,
          meta: c.get('meta'),
          at: now,
          details: { removed: true },
        });
      }
      return before;
    });
    if (previous) await photos.remove(previous);
    return c.body(null, 204);
  });

  return app;
}
