/**
 * Fixed-window counters over Kysely. A hit is one upsert that either starts a new window or adds one
 * to the current one and hands the result back (RETURNING), so parallel hits from many instances are
 * counted one by one without a read before the write.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { integer } from './dialect.js';
import type { Database } from './schema.js';
import type { RateWindowStorage } from './rate-window-storage.js';

export function rateWindowStorageOn(db: Kysely<Database>): RateWindowStorage {
  return {
    rateWindows: {
      async hit(scope, key, at, windowMs) {
        // Both SETs read the row as it was before this statement, so they agree on whether it ended.
        const ended = sql<SqlBool>`rate_windows.window_start <= ${at - windowMs}`;
        const row = await db
          .insertInto('rate_windows')
          .values({ scope, key, window_start: at, hits: 1 })
          .onConflict((conflict) =>
            conflict.columns(['scope', 'key']).doUpdateSet({
              hits: sql<number>`(CASE WHEN ${ended} THEN 1 ELSE rate_windows.hits + 1 END)`,
              window_start: sql<number>`(CASE WHEN ${ended} THEN ${at} ELSE rate_windows.window_start END)`,
            }),
          )
          .returning(['hits', 'window_start'])
          .executeTakeFirstOrThrow();
        return { hits: integer(row.hits), windowStart: integer(row.window_start) };
      },

      async get(scope, key) {
        const row = await db
          .selectFrom('rate_windows')
          .select(['hits', 'window_start'])
          .where('scope', '=', scope)
          .where('key', '=', key)
          .executeTakeFirst();
        return row && { hits: integer(row.hits), windowStart: integer(row.window_start) };
      },

      async sweep(before) {
        const result = await db.deleteFrom('rate_windows').where('window_start', '<', before).executeTakeFirst();
        return Number(result.numDeletedRows);
      },
    },
  };
}
