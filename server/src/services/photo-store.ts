/**
 * Profile photos and app logos, in the database every instance shares (storage/image-storage.ts):
 * an image uploaded through one instance is served by all, and a backup of the database holds it.
 * An upload is decoded and re-encoded once (lib/images.ts), kept at most PHOTO_STORED_MAX_SIDE_PX
 * on its longest side, and stored in every served width at once, in one statement, so /cdn only
 * ever reads a row.
 *
 * A source is a name this module generated (`avatars/<uuid>-<random>.webp`): random rather than
 * derived from the account, so nobody can find a person's photo from their account id, and new on
 * every upload, so a served image never changes and may be cached for a year. Reading accepts only
 * names of exactly that shape.
 */
import { randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Config } from '../config/config.js';
import { PHOTO_MAX_INPUT_PIXELS, PHOTO_STORED_MAX_SIDE_PX } from '../config/policy.js';
import type { ImageType } from '../lib/image-type.js';
import { normalizeImage, resizeImage } from '../lib/images.js';
import type { Clock } from '../lib/clock.js';
import { randomSecret } from '../lib/secrets.js';
import type { ImageVariant, Storage } from '../storage/storage.js';

/** The served widths (docs/product.md §9 `{cdn}/{size}/{source}`, default 100x); heights follow the image. */
export const IMAGE_SIZES = { '100x': 100, '200x': 200, '400x': 400 } as const;
export type ImageSize = keyof typeof IMAGE_SIZES;

/** The image as kept after its upload was re-encoded; not served. */
export const ORIGINAL = 'original';

const SOURCE = /^avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-[A-Za-z0-9_-]{16}\.webp$/;

export const isImageSize = (value: string): value is ImageSize => Object.hasOwn(IMAGE_SIZES, value);
export const isPhotoSource = (value: string): boolean => SOURCE.test(value);

export interface PhotoStore {
  /** Decodes and stores an upload of the given type; returns its new source. Throws ImageDecodeError. */
  save(bytes: Uint8Array, type: ImageType): Promise<string>;
  /** The stored image of `source` in `size`, or null when there is none (or the name is not ours). */
  read(size: ImageSize, source: string): Promise<Buffer | null>;
  /** Deletes every size of `source`; nothing happens for one that is gone already. */
  remove(source: string): Promise<void>;
}

export function createPhotoStore(storage: Storage, clock: Clock): PhotoStore {
  return {
    async save(bytes, type) {
      const kept = await normalizeImage(bytes, type, PHOTO_STORED_MAX_SIDE_PX, PHOTO_MAX_INPUT_PIXELS);
      const source = `avatars/${randomUUID()}-${randomSecret(12)}.webp`;
      const sized = await Promise.all(
        Object.entries(IMAGE_SIZES).map(async ([size, width]) => ({
          size,
          data: (await resizeImage(kept.data, width, PHOTO_MAX_INPUT_PIXELS)).data,
        })),
      );
      await storage.images.insert(source, [{ size: ORIGINAL, data: kept.data }, ...sized], clock.now());
      return source;
    },

    async read(size, source) {
      if (!isImageSize(size) || !isPhotoSource(source)) return null;
      return storage.images.read(source, size);
    },

    async remove(source) {
      if (isPhotoSource(source)) await storage.images.remove(source);
    },
  };
}

/**
 * Where an earlier release kept the images as files (UPLOADS_DIR; unset, `uploads/` beside the SQLite
 * file or ./data/uploads on PostgreSQL): read at every start by importPhotoFiles.
 */
export function uploadsFolder(config: Config): string {
  if (config.uploadsDir) return config.uploadsDir;
  return config.database.kind === 'sqlite' ? join(dirname(config.database.path), 'uploads') : join('data', 'uploads');
}

function isMissing(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}

/**
 * Copies the images an earlier release kept as files under `folder` (`avatars/<name>` and
 * `<size>/avatars/<name>`) into the database, at every start, so that an upgrade loses none — those
 * an older instance still wrote during a rolling upgrade included. An image stored already is left as
 * it is, and the files are left too: deleting them is the operator's, once every instance runs this
 * release (docs/deploy.md, Upgrading). Returns how many images were copied.
 */
export async function importPhotoFiles(storage: Storage, clock: Clock, folder: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(join(folder, 'avatars'));
  } catch (error) {
    if (isMissing(error)) return 0;
    throw error;
  }
  let imported = 0;
  for (const name of names) {
    const source = `avatars/${name}`;
    if (!isPhotoSource(source) || (await storage.images.has(source))) continue;
    const files: Array<[size: string, path: string]> = [
      [ORIGINAL, join(folder, source)],
      ...Object.keys(IMAGE_SIZES).map((width): [string, string] => [width, join(folder, width, source)]),
    ];
    const variants: ImageVariant[] = [];
    for (const [size, path] of files) {
      try {
        variants.push({ size, data: await readFile(path) });
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    if (variants.length === 0) continue;
    await storage.images.insert(source, variants, clock.now());
    imported += 1;
  }
  return imported;
}
