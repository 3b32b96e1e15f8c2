/**
 * The server's own keys over Kysely: the signing keys of its tokens and the named secrets it creates
 * once and keeps (stored as they are: this database is the server's own).
 */
import type { Kysely } from 'kysely';
import { integer, optionalInteger } from './dialect.js';
import type { Database } from './schema.js';
import type { KeyStorage } from './key-storage.js';

export function keyStorageOn(db: Kysely<Database>): KeyStorage {
  return {
    signingKeys: {
      async listActive() {
        const rows = await db.selectFrom('signing_keys').selectAll().where('retired_at', 'is', null).orderBy('created_at', 'desc').execute();
        return rows.map((row) => ({
          kid: row.kid,
          alg: row.alg,
          privateJwk: row.private_jwk,
          publicJwk: row.public_jwk,
          createdAt: integer(row.created_at),
          retiredAt: optionalInteger(row.retired_at),
        }));
      },
      async insert(key) {
        await db
          .insertInto('signing_keys')
          .values({
            kid: key.kid,
            alg: key.alg,
            private_jwk: key.privateJwk,
            public_jwk: key.publicJwk,
            created_at: key.createdAt,
            retired_at: key.retiredAt,
          })
          .execute();
      },
    },

    secrets: {
      async getOrCreate(name, create, at) {
        const existing = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
        if (existing) return existing.value;
        await db.insertInto('server_secrets').values({ name, value: create(), created_at: at }).execute();
        const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
        return row.value;
      },
    },
  };
}
