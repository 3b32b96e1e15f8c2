/** Identity validations over Kysely (validation-storage.ts, migration 0016): the status on `users`, the rest beside it. */
import type { Kysely } from 'kysely';
import { changed, integer } from './dialect.js';
import type { Database } from './schema.js';
import type { ValidationStorage } from './validation-storage.js';

export function validationStorageOn(db: Kysely<Database>): ValidationStorage {
  return {
    validations: {
      async find(userId) {
        const row = await db
          .selectFrom('identity_validations')
          .selectAll()
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return row
          ? {
              userId: row.user_id,
              reference: row.reference,
              reason: row.reason,
              startedAt: integer(row.started_at),
              updatedAt: integer(row.updated_at),
            }
          : undefined;
      },
      async start(userId, reference, at) {
        const moved = await db
          .updateTable('users')
          .set({ verification_status: 'in_moderation' })
          .where('id', '=', userId)
          .where('verification_status', 'in', ['not_verified', 'failed'])
          .executeTakeFirst();
        if (!changed(moved)) return false;
        const row = { reference, reason: null, started_at: at, updated_at: at };
        await db
          .insertInto('identity_validations')
          .values({ user_id: userId, ...row })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet(row))
          .execute();
        return true;
      },
      async decide(userId, { status, reason, reference }, at) {
        const moved = await db
          .updateTable('users')
          .set({ verification_status: status })
          .where('id', '=', userId)
          .executeTakeFirst();
        if (!changed(moved)) return false;
        await db
          .insertInto('identity_validations')
          .values({ user_id: userId, reference, reason, started_at: at, updated_at: at })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ reason, updated_at: at }))
          .execute();
        return true;
      },
      async remove(userId) {
        await db.deleteFrom('identity_validations').where('user_id', '=', userId).execute();
      },
    },
  };
}
