/**
 * The throttle part of the storage over Kysely: failed sign-in attempts per key, the attempts still
 * being checked, and the lock they earn. A reservation is one upsert that changes each key's row only
 * when the attempt may go ahead there, so attempts racing in one process or in many are counted one
 * by one; it and the giving back are one statement each, one round trip on PostgreSQL.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import { integer, optionalInteger } from './dialect.js';
import type { Database } from './schema.js';
import type { ThrottleGiveBack, ThrottleKeyPolicy, ThrottleState, ThrottleStorage } from './throttle-storage.js';

/**
 * A value per key, picked by the row's scope (every statement here lists one key per scope); cast,
 * or PostgreSQL would read the parameters as text.
 */
const byScope = <K extends { scope: string }>(keys: readonly K[], pick: (key: K) => number) =>
  sql<number>`(CASE login_throttle.scope ${sql.join(
    keys.map((key) => sql`WHEN ${key.scope} THEN CAST(${pick(key)} AS BIGINT)`),
    sql` `,
  )} END)`;

/** Whether an attempt refused at the row's key may still be waiting at `at`. */
const waitedOn = (row: { waited_until: number | null }, at: number) => (optionalInteger(row.waited_until) ?? 0) > at;

function oneKeyPerScope(keys: readonly { scope: string }[]): void {
  if (new Set(keys.map(({ scope }) => scope)).size !== keys.length) throw new Error('throttle: one key per scope');
}

export function throttleStorageOn(db: Kysely<Database>): ThrottleStorage {
  async function get(scope: string, key: string): Promise<ThrottleState | undefined> {
    const row = await db
      .selectFrom('login_throttle')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    return (
      row && {
        scope: row.scope,
        key: row.key,
        failures: row.failures,
        lastFailureAt: integer(row.last_failure_at),
        lockedUntil: optionalInteger(row.locked_until),
        pending: row.pending,
        pendingUntil: optionalInteger(row.pending_until),
        waitedUntil: optionalInteger(row.waited_until),
      }
    );
  }

  /**
   * One statement for every key, an upsert rather than an UPDATE: an upsert takes the rows in the
   * order listed, as a reservation does, where an UPDATE of several rows takes them in whatever order
   * it finds them — and two statements taking two rows in opposite orders deadlock on PostgreSQL
   * (postgres-throttle-locks.test.ts watches the order). A key without a row gets one that counts
   * nothing, which the sweep drops.
   */
  async function giveBack(keys: readonly ThrottleGiveBack[], at: number): Promise<boolean> {
    if (keys.length === 0) return false;
    oneKeyPerScope(keys);
    const cleared = sql<SqlBool>`${byScope(keys, ({ clear }) => (clear ? 1 : 0))} = 1`;
    const rows = await db
      .insertInto('login_throttle')
      .values(
        keys.map(({ scope, key }) => ({
          scope,
          key,
          failures: 0,
          last_failure_at: 0,
          locked_until: null,
          pending: 0,
          pending_until: null,
        })),
      )
      .onConflict((conflict) =>
        conflict.columns(['scope', 'key']).doUpdateSet({
          failures: sql<number>`(CASE WHEN ${cleared} THEN 0 ELSE login_throttle.failures END)`,
          locked_until: sql<number | null>`(CASE WHEN ${cleared} THEN NULL ELSE login_throttle.locked_until END)`,
          pending: sql<number>`(CASE WHEN ${cleared} OR login_throttle.pending <= 0 THEN 0 ELSE login_throttle.pending - 1 END)`,
        }),
      )
      .returning('waited_until')
      .execute();
    return rows.some((row) => waitedOn(row, at));
  }

  return {
    throttle: {
      get,
      async reserve({ at, pendingUntil, waitUntil, keys }) {
        oneKeyPerScope(keys);
        // Every SET and the WHERE of an upsert read the row as it was before this statement.
        const forgotten = sql<SqlBool>`login_throttle.last_failure_at < ${byScope(keys, (key) => key.forgetBefore)}`;
        const failures = sql<number>`(CASE WHEN ${forgotten} THEN 0 ELSE login_throttle.failures END)`;
        const pending = sql<number>`(CASE WHEN login_throttle.pending_until > ${at} THEN login_throttle.pending ELSE 0 END)`;
        const unlocked = sql<SqlBool>`(${forgotten} OR login_throttle.locked_until IS NULL OR login_throttle.locked_until <= ${at})`;
        // Ahead while the key stays unlocked even if every attempt under way fails, or when nothing
        // is under way and no lock holds (the one try a lock's end allows).
        const admits = (scoped: readonly ThrottleKeyPolicy[]) =>
          sql<SqlBool>`(${failures} + ${pending} < ${byScope(scoped, (key) => key.freeFailures)} OR (${pending} = 0 AND ${unlocked}))`;
        // One statement for every key: the rows are taken in the order listed.
        const reserved = await db
          .insertInto('login_throttle')
          .values(
            keys.map(({ scope, key }) => ({
              scope,
              key,
              failures: 0,
              last_failure_at: at,
              locked_until: null,
              pending: 1,
              pending_until: pendingUntil,
            })),
          )
          .onConflict((conflict) =>
            conflict
              .columns(['scope', 'key'])
              .doUpdateSet({
                failures,
                pending: sql<number>`${pending} + 1`,
                pending_until: pendingUntil,
                locked_until: sql<
                  number | null
                >`(CASE WHEN ${forgotten} THEN NULL ELSE login_throttle.locked_until END)`,
              })
              .where(admits(keys)),
          )
          .returning(['scope', 'key'])
          .execute();
        if (reserved.length === keys.length) return null;
        const isReserved = ({ scope, key }: ThrottleKeyPolicy) =>
          reserved.some((row) => row.scope === scope && row.key === key);
        const refused = keys.find((key) => !isReserved(key))!;
        if (reserved.length > 0) await giveBack(keys.filter(isReserved), at);
        // Refused for the attempts under way, not by a lock: the attempt waits for them, and the key
        // says so until waitUntil, for whoever settles one of them. A decision that landed between
        // the refusal and this mark (two statements on PostgreSQL; one unit of work on SQLite) saw
        // no mark and told nobody: the row, read back as marked, says whether the key admits now.
        const lockHolds = sql<SqlBool>`(locked_until IS NOT NULL AND locked_until > ${at})`;
        const row = await db
          .updateTable('login_throttle')
          .set({
            waited_until: sql<
              number | null
            >`(CASE WHEN ${lockHolds} OR waited_until >= ${waitUntil} THEN waited_until ELSE CAST(${waitUntil} AS BIGINT) END)`,
          })
          .where('scope', '=', refused.scope)
          .where('key', '=', refused.key)
          .returning(['locked_until', admits([refused]).as('admits')])
          .executeTakeFirst();
        return {
          scope: refused.scope,
          key: refused.key,
          lockedUntil: optionalInteger(row?.locked_until ?? null),
          freed: Boolean(row?.admits),
        };
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
          .returning(['failures', 'waited_until'])
          .executeTakeFirstOrThrow();
        return { failures: row.failures, waitedOn: waitedOn(row, at) };
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
      giveBack,
      async remove(scope, key) {
        await db.deleteFrom('login_throttle').where('scope', '=', scope).where('key', '=', key).execute();
      },
      async sweep(scope, at, forgetBefore) {
        const result = await db
          .deleteFrom('login_throttle')
          .where('scope', '=', scope)
          .where((eb) =>
            eb.and([
              eb.or([
                eb.and([eb('failures', '=', 0), eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', at)])]),
                eb('last_failure_at', '<', forgetBefore),
              ]),
              eb.or([eb('pending', '=', 0), eb('pending_until', '<=', at)]),
            ]),
          )
          .executeTakeFirst();
        return integer(result.numDeletedRows);
      },
    },
  };
}
