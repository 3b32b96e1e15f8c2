/**
 * The server's own keys over Kysely: the signing keys of its tokens and the named secrets it creates
 * once and keeps, both stored sealed by the services (services/key-sealing.ts).
 */
import type { Kysely } from 'kysely';
import { changed, integer, optionalInteger } from './dialect.js';
import type { KeyStorage, SigningKey } from './key-storage.js';
import type { Database } from './schema.js';

/** The limit_locks scope that lets one instance at a time make an algorithm's first key. */
const FIRST_KEY_LOCK = 'first_signing_key';

async function insertKey(db: Kysely<Database>, key: SigningKey): Promise<void> {
  await db
    .insertInto('signing_keys')
    .values({
      kid: key.kid,
      alg: key.alg,
      private_jwk: key.privateJwk,
      public_jwk: key.publicJwk,
      created_at: key.createdAt,
      activates_at: key.activatesAt,
      retired_at: key.retiredAt,
    })
    .execute();
}

export function keyStorageOn(db: Kysely<Database>): KeyStorage {
  return {
    signingKeys: {
      async list() {
        const rows = await db
          .selectFrom('signing_keys')
          .selectAll()
          .orderBy('activates_at', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('kid')
          .execute();
        return rows.map((row) => ({
          kid: row.kid,
          alg: row.alg,
          privateJwk: row.private_jwk,
          publicJwk: row.public_jwk,
          createdAt: integer(row.created_at),
          activatesAt: integer(row.activates_at),
          retiredAt: optionalInteger(row.retired_at),
        }));
      },
      async insert(key) {
        await insertKey(db, key);
      },
      async insertFirst(key) {
        // Checking and inserting are two statements, so the algorithm's limit lock (a row of
        // limit_locks, as the code limits take) is written first: on PostgreSQL its row lock, held
        // until commit, makes a racing instance wait, and its check then sees the key committed;
        // SQLite has one writer, and the lock's write takes it before the check.
        const work = async (trx: Kysely<Database>) => {
          await trx
            .insertInto('limit_locks')
            .values({ scope: FIRST_KEY_LOCK, key: key.alg, taken_at: key.createdAt })
            .onConflict((conflict) => conflict.columns(['scope', 'key']).doUpdateSet({ taken_at: key.createdAt }))
            .execute();
          const existing = await trx
            .selectFrom('signing_keys')
            .select('kid')
            .where('alg', '=', key.alg)
            .limit(1)
            .executeTakeFirst();
          if (existing) return false;
          await insertKey(trx, key);
          return true;
        };
        return db.isTransaction ? work(db) : db.transaction().execute(work);
      },
      async retire(kid, at) {
        await db
          .updateTable('signing_keys')
          .set({ retired_at: at })
          .where('kid', '=', kid)
          .where('retired_at', 'is', null)
          .execute();
      },
      async removeRetiredBefore(before) {
        const result = await db.deleteFrom('signing_keys').where('retired_at', '<=', before).executeTakeFirst();
        return Number(result.numDeletedRows);
      },
      async replacePrivateJwk(kid, from, to) {
        return changed(
          await db
            .updateTable('signing_keys')
            .set({ private_jwk: to })
            .where('kid', '=', kid)
            .where('private_jwk', '=', from)
            .executeTakeFirst(),
        );
      },
    },

    secrets: {
      async getOrCreate(name, create, at) {
        const existing = await db
          .selectFrom('server_secrets')
          .select('value')
          .where('name', '=', name)
          .executeTakeFirst();
        if (existing) return existing.value;
        // Instances starting together may both create it: the first insert wins and both read it back.
        await db
          .insertInto('server_secrets')
          .values({ name, value: create(), created_at: at })
          .onConflict((conflict) => conflict.column('name').doNothing())
          .execute();
        const row = await db
          .selectFrom('server_secrets')
          .select('value')
          .where('name', '=', name)
          .executeTakeFirstOrThrow();
        return row.value;
      },
      async list() {
        return db.selectFrom('server_secrets').select(['name', 'value']).orderBy('name').execute();
      },
      async replace(name, from, to) {
        return changed(
          await db
            .updateTable('server_secrets')
            .set({ value: to })
            .where('name', '=', name)
            .where('value', '=', from)
            .executeTakeFirst(),
        );
      },
    },
  };
}
