/**
 * The order in which a sign-in attempt's statements take its two throttle rows on PostgreSQL
 * (kysely-throttle-storage.ts): the account's, then the address's, as listed. Two statements that
 * took them in opposite orders could each hold the row the other waits for — a deadlock, which
 * PostgreSQL breaks after a second by failing one of them. SQLite has one writer, so only
 * PostgreSQL is asked.
 *
 * How: another connection holds the account's row; the statement under test then waits for it.
 * While it waits, a third connection tries the address's row without waiting (NOWAIT): it gets the
 * row only if the statement did not take it first. The address's row is the older one, so a
 * statement that took rows in the order it finds them on disk (an UPDATE … WHERE … OR …, a bitmap
 * scan) would take it first and fail this.
 */
import { Client } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresTestDatabase } from '../test-support/postgres-test-database.js';
import { openDatabase } from './open-database.js';
import type { Storage } from './storage.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

async function connect(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

const T0 = Date.UTC(2026, 10, 24, 12, 0, 0);
const KEYS = [
  { scope: 'account', key: 'k', freeFailures: 3, forgetBefore: 0 },
  { scope: 'ip', key: 'a', freeFailures: 20, forgetBefore: 0 },
] as const;

/**
 * Runs `statement` while another connection holds the account's row, and answers whether the
 * address's row was free the whole time the statement waited for the account's.
 */
async function addressFreeWhileWaitingForAccount(statement: (storage: Storage) => Promise<unknown>): Promise<boolean> {
  const database = await createPostgresTestDatabase();
  cleanups.push(database.drop);
  const { storage, close } = openDatabase({ kind: 'postgres', url: database.url, poolSize: 2 });
  cleanups.push(close);
  const holder = await connect(database.url);
  const probe = await connect(database.url);
  // The address's row first: the older row, found first on disk.
  for (const [scope, key] of [
    ['ip', 'a'],
    ['account', 'k'],
  ]) {
    await probe.query(
      'INSERT INTO login_throttle (scope, key, failures, last_failure_at, pending) VALUES ($1, $2, 0, 0, 0)',
      [scope, key],
    );
  }
  await holder.query('BEGIN');
  await holder.query(`SELECT 1 FROM login_throttle WHERE scope = 'account' AND key = 'k' FOR UPDATE`);
  const running = statement(storage);
  // Until the statement is seen waiting for a row lock (the holder's).
  for (let tries = 0; ; tries += 1) {
    const waiting = await probe.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%login_throttle%'`,
    );
    if (waiting.rows[0].n > 0) break;
    if (tries > 200) throw new Error('the statement never waited for the account row');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await probe.query('BEGIN');
  let free = true;
  try {
    await probe.query(`SELECT 1 FROM login_throttle WHERE scope = 'ip' AND key = 'a' FOR UPDATE NOWAIT`);
  } catch (error) {
    if ((error as { code?: string }).code !== '55P03') throw error; // lock_not_available
    free = false;
  }
  await probe.query('ROLLBACK');
  await holder.query('COMMIT');
  await running;
  return free;
}

describe('the throttle rows of a sign-in attempt on PostgreSQL', () => {
  it('are taken account first by the reservation', async () => {
    expect(
      await addressFreeWhileWaitingForAccount((storage) =>
        storage.throttle.reserve({ at: T0, pendingUntil: T0 + 60_000, waitUntil: T0 + 5000, keys: KEYS }),
      ),
    ).toBe(true);
  });

  it('are taken account first when an attempt is given back, and when a success clears the account', async () => {
    expect(await addressFreeWhileWaitingForAccount((storage) => storage.throttle.giveBack(KEYS, T0))).toBe(true);
    expect(
      await addressFreeWhileWaitingForAccount((storage) =>
        storage.throttle.giveBack(
          [
            { scope: 'account', key: 'k', clear: true },
            { scope: 'ip', key: 'a' },
          ],
          T0,
        ),
      ),
    ).toBe(true);
  });

  it('would be caught taken the other way round', async () => {
    // The check itself can fail: a statement that takes the address's row first is seen doing so.
    expect(
      await addressFreeWhileWaitingForAccount((storage) =>
        storage.transaction(async (tx) => {
          await tx.throttle.giveBack([{ scope: 'ip', key: 'a' }], T0);
          await tx.throttle.giveBack([{ scope: 'account', key: 'k' }], T0);
        }),
      ),
    ).toBe(false);
  });
});
