/**
 * The throttle part of the storage over Kysely: failed sign-in attempts per key, the attempts still
 * being checked, and the lock they earn. A reservation is one upsert that changes the row only when
 * the attempt may go ahead, so attempts racing in one process or in many are counted one by one.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { deleted, integer, optionalInteger } from './dialect.js';
import type { Database } from './schema.js';
import type { ThrottleStorage } from './throttle-storage.js';

export function throttleStorageOn(db: Kysely<Database>): ThrottleStorage {
  return {
    throttle: {
      async get(scope, key) {
        const row = await db.selectFrom('login_throttle').selectAll().where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
        return (
          row && {
            scope: row.scope,
            key: row.key,
            failures: row.failures,
            lastFailureAt: integer(row.last_failure_at),
            lockedUntil: optionalInteger(row.locked_until),
            pending: row.pending,
            pendingUntil: optionalInteger(row.pending_until),
          }
        );
      },
      async reserve(scope, key, { at, freeFailures, forgetBefore, pendingUntil }) {
        // Every SET and the WHERE of an upsert read the row as it was before this statement.
        const forgotten = sql<SqlBool>`login_throttle.last_failure_at < ${forgetBefore}`;
        const failures = sql<number>`(CASE WHEN ${forgotten} THEN 0 ELSE login_throttle.failures END)`;
        const pending = sql<number>`(CASE WHEN login_throttle.pending_until > ${at} THEN login_throttle.pending ELSE 0 END)`;
        const unlocked = sql<SqlBool>`(${forgotten} OR login_throttle.locked_until IS NULL OR login_throttle.locked_until <= ${at})`;
        const row = await db
          .insertInto('login_throttle')
          .values({ scope, key, failures: 0, last_failure_at: at, locked_until: null, pending: 1, pending_until: pendingUntil })
          .onConflict((conflict) =>
            conflict
              .columns(['scope', 'key'])
              .doUpdateSet({
                failures,
                pending: sql<number>`${pending} + 1`,
                pending_until: pendingUntil,
                locked_until: sql<number | null>`(CASE WHEN ${forgotten} THEN NULL ELSE login_throttle.locked_until END)`,
              })
              // Ahead while the key stays unlocked even if every attempt under way fails, or when
              // nothing is under way and no lock holds (the one try a lock's end allows).
              .where(sql<SqlBool>`(${failures} + ${pending} < ${freeFailures} OR (${pending} = 0 AND ${unlocked}))`),
          )
          .returning('pending')
          .executeTakeFirst();
        return row !== undefined;
      },
      async settleFailure(scope, key, at) {
        const row = await db
          .insertInto('login_throttle')
          .values({ scope, key, failures: 1, last_failure_at: at, locked_until: null, pending: 0, pending_until: null })
          .onConflict((conflict) =>
            conflict.columns(['scope', 'key']).doUpdateSet({
              failures: sql<number>`login_throttle.failures + 1`,
              pending: sql<number>`(CASE WHEN login_throttle.pending > 0 THEN login_throttle.pending - 1 ELSE 0 END)`,
              last_failure_at: at,
            }),
          )
          .returning('failures')
          .executeTakeFirstOrThrow();
        return row.failures;
      },
      async lockUntil(scope, key, until) {
        await db
          .updateTable('login_throttle')
          .set({ locked_until: until })
          .where('scope', '=', scope)
          .where('key', '=', key)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', until)]))
          .execute();
      },
      async release(scope, key) {
        const dropped = await db
          .deleteFrom('login_throttle')
          .where('scope', '=', scope)
          .where('key', '=', key)
          .where('failures', '=', 0)
          .where('pending', '<=', 1)
          .executeTakeFirst();
        if (deleted(dropped)) return;
        await db
          .updateTable('login_throttle')
          .set({ pending: sql<number>`(CASE WHEN pending > 0 THEN pending - 1 ELSE 0 END)` })
          .where('scope', '=', scope)
          .where('key', '=', key)
          .execute();
      },
      async remove(scope, key) {
        await db.deleteFrom('login_throttle').where('scope', '=', scope).where('key', '=', key).execute();
      },
    },
  };
}
