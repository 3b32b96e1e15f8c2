/**
 * Reading one uploaded image from a multipart/form-data body, for the uploads that go through the
 * photo pipeline (services/photo-store.ts): an app's logo, like the profile photo
 * (features/personal/photo-routes.ts), with the same limits. What the file is comes from its bytes
 * (lib/image-type.ts), never from its name or declared type; the store then decodes and re-encodes
 * it, so what is served is always an image Kirish wrote itself.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { PHOTO_MAX_BYTES } from '../config/policy.js';
import { ApiError, badRequest } from '../lib/api-error.js';
import { readMultipartBody } from '../lib/form-body.js';
import { imageTypeOf } from '../lib/image-type.js';
import { ImageDecodeError } from '../lib/images.js';
import type { PhotoStore } from './photo-store.js';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const fileTooLarge = (field: string) => new ApiError(413, [{ error: 'file_too_large', field }]);

/** Stops reading a body that cannot hold an acceptable image, before it is buffered. */
export function limitImageBody(field: string): MiddlewareHandler {
  return bodyLimit({
    maxSize: PHOTO_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw fileTooLarge(field);
    },
  });
}

async function readPart(c: Context, field: string): Promise<Uint8Array> {
  const form = await readMultipartBody(c, field);
  const unknown = [...new Set(form.keys())].filter((key) => key !== field);
  if (unknown.length > 0)
    throw new ApiError(
      400,
      unknown.map((name) => ({ error: 'unknown_field', field: name })),
    );
  const parts = form.getAll(field);
  if (parts.length === 0) throw badRequest('field_required', field);
  if (parts.length > 1) throw badRequest('invalid_value', field);
  const part = parts[0];
  if (typeof part === 'string' || part === undefined) throw badRequest('invalid_media_type', field);
  if (part.size > PHOTO_MAX_BYTES) throw fileTooLarge(field);
  return new Uint8Array(await part.arrayBuffer());
}

/** Reads the image in `field`, stores it, and returns its new source; 4xx with `field` for anything that is not one. */
export async function saveImageUpload(c: Context, field: string, photos: PhotoStore): Promise<string> {
  const bytes = await readPart(c, field);
  const type = imageTypeOf(bytes);
  if (!type) throw badRequest('invalid_media_type', field);
  try {
    return await photos.save(bytes, type);
  } catch (error) {
    if (error instanceof ImageDecodeError) throw badRequest('invalid_media_type', field);
    throw error;
  }
}
