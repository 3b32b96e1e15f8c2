/**
 * Profile photos on disk, under `<folder of the database>/uploads/`. An upload is decoded and
 * re-encoded once (lib/images.ts), kept at most PHOTO_STORED_MAX_SIDE_PX on its longest side, and
 * written in every served width at once, so /cdn only ever reads a file.
 *
 * A source is a name this module generated (`avatars/<uuid>-<random>.webp`): random rather than
 * derived from the account, so nobody can find a person's photo from their account id, and new on
 * every upload, so a served image never changes and may be cached for a year. Reading accepts only
 * names of exactly that shape: no path from a request ever reaches the file system.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../config/config.js';
import { PHOTO_MAX_INPUT_PIXELS, PHOTO_STORED_MAX_SIDE_PX } from '../config/policy.js';
import type { ImageType } from '../lib/image-type.js';
import { normalizeImage, resizeImage } from '../lib/images.js';
import { randomSecret } from '../lib/secrets.js';

/** The served widths (SPEC §9 `{cdn}/{size}/{source}`, default 100x); heights follow the image. */
export const IMAGE_SIZES = { '100x': 100, '200x': 200, '400x': 400 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

const SOURCE = /^avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9_-]{16}\.webp$/;

export const isImageSize = (value: string): value is ImageSize => Object.hasOwn(IMAGE_SIZES, value);
export const isPhotoSource = (value: string): boolean => SOURCE.test(value);

export interface PhotoStore {
  /** Decodes and stores an upload of the given type; returns its new source. Throws ImageDecodeError. */
  save(bytes: Uint8Array, type: ImageType): Promise<string>;
  /** The stored image of `source` in `size`, or null when there is none (or the name is not ours). */
  read(size: ImageSize, source: string): Promise<Buffer | null>;
  /** Deletes every file of `source`; nothing happens for one that is gone already. */
  remove(source: string): Promise<void>;
}

/**
 * Uploads live beside the SQLite file, so one folder holds all of a deployment's data; on
 * PostgreSQL in ./data/uploads, unless UPLOADS_DIR names a folder (one that N instances share).
 */
export function uploadsFolder(config: Config): string {
  if (config.uploadsDir) return config.uploadsDir;
  return config.database.kind === 'sqlite' ? join(dirname(config.database.path), 'uploads') : join('data', 'uploads');
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

/** Writes to a temporary name first: a reader never sees half a file, even after a crash. */
async function writeAtomically(path: string, data: Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomSecret(6)}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
}

export function createPhotoStore(root: string): PhotoStore {
  const original = (source: string) => join(root, source);
  const sized = (size: ImageSize, source: string) => join(root, size, source);
  const allFiles = (source: string) => [original(source), ...Object.keys(IMAGE_SIZES).map((size) => sized(size as ImageSize, source))];

  async function remove(source: string): Promise<void> {
    if (!isPhotoSource(source)) return;
    for (const path of allFiles(source)) {
      try {
        await unlink(path);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }

  return {
    remove,

    async save(bytes, type) {
      const kept = await normalizeImage(bytes, type, PHOTO_STORED_MAX_SIDE_PX, PHOTO_MAX_INPUT_PIXELS);
      const source = `avatars/${randomUUID()}-${randomSecret(12)}.webp`;
      const variants = await Promise.all(
        Object.entries(IMAGE_SIZES).map(async ([size, width]) => ({
          path: sized(size as ImageSize, source),
          image: await resizeImage(kept.data, width, PHOTO_MAX_INPUT_PIXELS),
        })),
      );
      try {
        await writeAtomically(original(source), kept.data);
        for (const variant of variants) await writeAtomically(variant.path, variant.image.data);
      } catch (error) {
        await remove(source);
        throw error;
      }
      return source;
    },

    async read(size, source) {
      if (!isImageSize(size) || !isPhotoSource(source)) return null;
      try {
        return await readFile(sized(size, source));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
  };
}
