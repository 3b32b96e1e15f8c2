/**
 * Statements kept prepared on PostgreSQL connections (postgres-prepared.ts), on the run's real test
 * cluster: a statement is prepared once per connection and reused; when another release's migration
 * changes a table under a prepared `SELECT *`, the query still answers with the new columns — at
 * once outside a transaction, and by running the unit of work again inside one.
 */
import { sql } from 'kysely';
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../test-support/postgres-test-database.js';
import { openPostgres } from './postgres.js';
import { isStalePlanError, retryOnStalePlan } from './postgres-prepared.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

/** A fresh database with one table, opened through the pool as the server opens it (one connection, so every query meets the same prepared statements). */
async function openOneConnection() {
  const database = await createEmptyPostgresDatabase();
  cleanups.push(database.drop);
  const { db } = openPostgres(database.url, 1);
  cleanups.push(() => db.destroy());
  await sql`CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)`.execute(db);
  await sql`INSERT INTO notes VALUES (1, 'salom')`.execute(db);
  /** Another release's migration, on a connection of its own. */
  const migrate = async (statement: string) => {
    const other = new Client({ connectionString: database.url });
    await other.connect();
    await other.query(statement);
    await other.end();
  };
  const prepared = async () =>
    (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements ORDER BY name`.execute(db)).rows.map(
      (row) => row.name,
    );
  return { db, migrate, prepared };
}

// The table is not in the schema's types: the test selects from it as Kysely<any> would.
// oxlint-disable-next-line typescript/no-explicit-any
const selectNotes = (db: any, id: number) => db.selectFrom('notes').selectAll().where('id', '=', id).execute();

describe('statements kept prepared on a PostgreSQL connection', () => {
  it('prepares a statement once and runs it again by name', async () => {
    const { db, prepared } = await openOneConnection();
    const before = await prepared();
    expect(await selectNotes(db, 1)).toEqual([{ id: 1, body: 'salom' }]);
    const afterFirst = await prepared();
    expect(afterFirst).toHaveLength(before.length + 1);
    expect(await selectNotes(db, 2)).toEqual([]);
    expect(await selectNotes(db, 1)).toEqual([{ id: 1, body: 'salom' }]);
    expect(await prepared()).toEqual(afterFirst);
  });

  it('answers with the new columns after a migration changed the table, outside a transaction', async () => {
    const { db, migrate, prepared } = await openOneConnection();
    await selectNotes(db, 1);
    const before = await prepared();
    await migrate("ALTER TABLE notes ADD COLUMN mood text NOT NULL DEFAULT 'yaxshi'");
    expect(await selectNotes(db, 1)).toEqual([{ id: 1, body: 'salom', mood: 'yaxshi' }]);
    // Prepared again under a new name.
    expect(await prepared()).not.toEqual(before);
  });

  it('runs a unit of work once more when a stale statement aborted it inside a transaction', async () => {
    const { db, migrate } = await openOneConnection();
    await selectNotes(db, 1);
    await migrate("ALTER TABLE notes ADD COLUMN mood text NOT NULL DEFAULT 'yaxshi'");
    let runs = 0;
    // What kysely-storage.ts does with every transaction on PostgreSQL.
    const rows = await retryOnStalePlan(() =>
      db.transaction().execute(async (trx) => {
        runs += 1;
        return selectNotes(trx, 1);
      }),
    );
    expect(rows).toEqual([{ id: 1, body: 'salom', mood: 'yaxshi' }]);
    expect(runs).toBe(2);
  });

  it("knows PostgreSQL's stale-plan error by its code and words, and nothing else", () => {
    expect(isStalePlanError({ code: '0A000', message: 'cached plan must not change result type' })).toBe(true);
    expect(isStalePlanError({ code: '0A000', message: 'something else' })).toBe(false);
    expect(isStalePlanError({ code: '23505', message: 'cached plan must not change result type' })).toBe(false);
    expect(isStalePlanError(undefined)).toBe(false);
  });
});
