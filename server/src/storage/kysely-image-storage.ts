/** The images over Kysely: one row per size of an image, its bytes a BLOB (SQLite) or a bytea (PostgreSQL). */
import type { Kysely } from 'kysely';
import type { ImageStorage } from './image-storage.js';
import type { Database } from './schema.js';

export function imageStorageOn(db: Kysely<Database>): ImageStorage {
  return {
    images: {
      async insert(source, variants, at) {
        if (variants.length === 0) return;
        await db
          .insertInto('images')
          .values(
            variants.map(({ size, data }) => ({
              source,
              size,
              data: Buffer.from(data.buffer, data.byteOffset, data.byteLength),
              created_at: at,
            })),
          )
          .onConflict((conflict) => conflict.columns(['source', 'size']).doNothing())
          .execute();
      },
      async read(source, size) {
        const row = await db
          .selectFrom('images')
          .select('data')
          .where('source', '=', source)
          .where('size', '=', size)
          .executeTakeFirst();
        return row ? Buffer.from(row.data) : null;
      },
      async has(source) {
        return (
          (await db.selectFrom('images').select('size').where('source', '=', source).limit(1).executeTakeFirst()) !==
          undefined
        );
      },
      async remove(source) {
        await db.deleteFrom('images').where('source', '=', source).execute();
      },
    },
  };
}
