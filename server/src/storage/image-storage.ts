/**
 * The images part of the storage interface (kysely-image-storage.ts): the profile photos and app
 * logos, each kept in every served size, in the database every instance shares — so that an image
 * uploaded through one instance is served by all, and a backup of the database holds it too.
 */

/** One stored size of an image: `original` (as kept after the upload was re-encoded) or a served width (`100x`…). */
export interface ImageVariant {
  size: string;
  data: Uint8Array;
}

export interface ImageStorage {
  images: {
    /** Stores every size of a new image at once; a size stored already is left as it is. */
    insert(source: string, variants: readonly ImageVariant[], at: number): Promise<void>;
    /** The bytes of one size of the image, or null when there are none. */
    read(source: string, size: string): Promise<Buffer | null>;
    /** Whether any size of the image is stored. */
    has(source: string): Promise<boolean>;
    /** Deletes every size of the image; nothing happens for one that is gone already. */
    remove(source: string): Promise<void>;
  };
}
