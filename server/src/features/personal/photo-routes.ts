/**
 * POST /user/photo/ (multipart/form-data, one file field `photo`) and DELETE /user/photo/.
 *
 * What an upload is comes from its bytes (lib/image-type.ts), never from its name or declared
 * type; it is then decoded and re-encoded (services/photo-store.ts), so what is served is always an image
 * we wrote ourselves — a polyglot (a file that is both a GIF and a script) does not survive it.
 *
 * Files and rows cannot share a transaction, so the order keeps the row honest: the new files are
 * written before the row points at them, and the old ones deleted only after the row no longer
 * does. A crash in between leaves an orphaned file at worst, never a profile without its photo.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import type { PhotoUploaded } from '../../contract/profile.js';
import { PHOTO_MAX_BYTES } from '../../config/policy.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { imageTypeOf } from '../../lib/image-type.js';
import { ImageDecodeError } from '../../lib/images.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';

/** The upload's path: app.ts exempts it from the 16 KiB limit of JSON bodies. */
export const PHOTO_UPLOAD_PATH = '/sso/api/v1/user/photo/';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const fileTooLarge = () => new ApiError(413, [{ error: 'file_too_large', field: 'photo' }]);

/** Stops reading a body that cannot hold an acceptable photo, before it is buffered. */
export const limitPhotoBody: MiddlewareHandler = bodyLimit({
  maxSize: PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
  onError: () => {
    throw fileTooLarge();
  },
});

async function readPhoto(form: FormData): Promise<Uint8Array> {
  const unknown = [...new Set(form.keys())].filter((key) => key !== 'photo');
  if (unknown.length > 0)
    throw new ApiError(
      400,
      unknown.map((field) => ({ error: 'unknown_field', field })),
    );
  const parts = form.getAll('photo');
  if (parts.length === 0) throw badRequest('field_required', 'photo');
  if (parts.length > 1) throw badRequest('invalid_value', 'photo');
  const part = parts[0];
  if (typeof part === 'string' || part === undefined) throw badRequest('invalid_media_type', 'photo');
  if (part.size > PHOTO_MAX_BYTES) throw fileTooLarge();
  return new Uint8Array(await part.arrayBuffer());
}

export function photoRoutes({ storage, clock, sessions, photos }: RouteDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);

  app.post('/photo/', auth, requireActive, limitPhotoBody, async (c) => {
    if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) throw new ApiError(415, [{ error: 'unsupported_media_type' }]);
    let form: FormData;
    try {
      form = await c.req.formData();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw badRequest('invalid_value', 'photo');
    }
    const bytes = await readPhoto(form);
    const type = imageTypeOf(bytes);
    if (!type) throw badRequest('invalid_media_type', 'photo');

    let source: string;
    try {
      source = await photos.save(bytes, type);
    } catch (error) {
      if (error instanceof ImageDecodeError) throw badRequest('invalid_media_type', 'photo');
      throw error;
    }
    const userId = c.get('auth').user.id;
    let previous: string | null;
    try {
      previous = await storage.transaction(async (tx) => {
        const before = (await tx.users.findById(userId))?.photo ?? null;
        await tx.profiles.update(userId, { photo: source }, clock.now());
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
      if (before) await tx.profiles.update(userId, { photo: null }, clock.now());
      return before;
    });
    if (previous) await photos.remove(previous);
    return c.body(null, 204);
  });

  return app;
}
