/**
 * Group commit for a database with one writer (SQLite). Transactions that arrive together are run
 * one after another inside a single database transaction, each inside its own SAVEPOINT, so one
 * fsync makes the whole group durable. Each caller's promise settles only after the COMMIT: a
 * result is never reported before it is on disk (docs/product.md §11). A unit of work that throws is rolled
 * back to its savepoint alone and its caller gets the error; the others commit.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from './schema.js';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

async function runInSavepoint(trx: Transaction<Database>, work: Work<unknown>): Promise<Outcome> {
  await sql`SAVEPOINT group_unit`.execute(trx);
  try {
    const value = await work(trx);
    await sql`RELEASE SAVEPOINT group_unit`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT group_unit`.execute(trx);
    await sql`RELEASE SAVEPOINT group_unit`.execute(trx);
    return { ok: false, error };
  }
}

export function createGroupCommit(db: Kysely<Database>) {
  let queue: Pending[] = [];
  let draining = false;

  async function runBatch(batch: Pending[]): Promise<void> {
    const only = batch.length === 1 ? batch[0] : undefined;
    if (only) {
      // Alone, the transaction itself is the unit: no savepoint needed.
      await db.transaction().execute(only.work).then(only.resolve, only.reject);
      return;
    }
    let outcomes: Outcome[];
    try {
      outcomes = await db.transaction().execute(async (trx) => {
        const results: Outcome[] = [];
        for (const item of batch) results.push(await runInSavepoint(trx, item.work));
        return results;
      });
    } catch (error) {
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) item.resolve(outcome.value);
      else item.reject(outcome?.error);
    });
  }

  async function drain(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue;
      queue = [];
      await runBatch(batch);
    }
    draining = false;
  }

  return function transaction<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!draining) {
        draining = true;
        // Wait for the I/O already delivered in this turn of the event loop, so that it joins the group.
        setImmediate(() => void drain());
      }
    });
  };
}
