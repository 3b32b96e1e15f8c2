/**
 * Signals between instances over LISTEN/NOTIFY (postgres-signals.ts), on the run's real test cluster:
 * two instances' signals on one database hear each other, a listener that throws stops nobody, and
 * a listening connection the server cuts is opened again.
 */
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmptyPostgresDatabase } from '../test-support/postgres-test-database.js';
import { openPostgres } from './postgres.js';
import { createPostgresSignals } from './postgres-signals.js';
import type { Signals } from './signals.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

/** One instance's signals on `url`, as open-database.ts makes them. */
function instance(url: string, logged: string[] = []): Signals {
  const { db } = openPostgres(url, 2);
  const signals = createPostgresSignals(
    url,
    (channel, message) => sql`SELECT pg_notify(${channel}, ${message})`.execute(db),
    (line) => logged.push(line),
  );
  cleanups.push(async () => {
    await signals.close();
    await db.destroy();
  });
  return signals;
}

/** The messages a listener hears, and a wait for the next `count` of them. */
function collector() {
  const heard: string[] = [];
  let waiter: (() => void) | undefined;
  let wanted = 0;
  return {
    heard,
    listener: (message: string) => {
      heard.push(message);
      if (heard.length >= wanted) waiter?.();
    },
    until: (count: number) =>
      new Promise<void>((resolve, reject) => {
        wanted = count;
        if (heard.length >= count) return resolve();
        const timer = setTimeout(
          () => reject(new Error(`heard ${heard.length} of ${count}: ${JSON.stringify(heard)}`)),
          5000,
        );
        waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
  };
}

/** Until the instance's listening connection is up (the first subscribe opens it). */
async function listening(url: string, channel: string, count: number) {
  const { db } = openPostgres(url, 1);
  try {
    for (let i = 0; i < 100; i++) {
      const rows = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query = ${`LISTEN ${channel}`}`.execute(
        db,
      );
      if ((rows.rows[0]?.n ?? 0) >= count) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no ${count} connection(s) listening on ${channel}`);
  } finally {
    await db.destroy();
  }
}

describe('PostgreSQL signals', () => {
  it("carry a message from one instance to every instance's listeners, the sender's own included", async () => {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.drop);
    const [one, two] = [instance(database.url), instance(database.url)];
    const [atOne, atTwo] = [collector(), collector()];
    one.subscribe('kirish_test', atOne.listener);
    two.subscribe('kirish_test', atTwo.listener);
    await listening(database.url, 'kirish_test', 2);

    one.publish('kirish_test', '["account 42"]');
    await Promise.all([atOne.until(1), atTwo.until(1)]);
    expect([atOne.heard, atTwo.heard]).toEqual([['["account 42"]'], ['["account 42"]']]);
  });

  it('still reach the other listeners when one of them throws', async () => {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.drop);
    const signals = instance(database.url);
    const after = collector();
    signals.subscribe('kirish_test', () => {
      throw new Error('a broken listener');
    });
    signals.subscribe('kirish_test', after.listener);
    await listening(database.url, 'kirish_test', 1);
    signals.publish('kirish_test', 'x');
    await after.until(1);
    expect(after.heard).toEqual(['x']);
  });

  it('listen again after the server ended the listening connection', async () => {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(database.drop);
    const logged: string[] = [];
    const signals = instance(database.url, logged);
    const heard = collector();
    signals.subscribe('kirish_test', heard.listener);
    await listening(database.url, 'kirish_test', 1);

    const { db } = openPostgres(database.url, 1);
    cleanups.push(() => db.destroy());
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN kirish_test'`.execute(
      db,
    );
    // The connection is opened again a second later, and listens on the channel again.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await listening(database.url, 'kirish_test', 1);
    signals.publish('kirish_test', 'after the cut');
    await heard.until(1);
    expect(heard.heard).toEqual(['after the cut']);
    expect(logged.join('\n')).toMatch(/listens for signals failed/);
  });

  it('refuse a channel name PostgreSQL would need quoted', () => {
    const signals = instance('postgres://unused@127.0.0.1:1/none');
    expect(() => signals.subscribe('Kirish channel', () => {})).toThrow(/not a signal channel/);
  });
});
