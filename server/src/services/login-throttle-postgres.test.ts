/**
 * On PostgreSQL a refused sign-in attempt is refused and then marked as waiting in two statements
 * (storage/kysely-throttle-storage.ts). An attempt decided in between — on another instance —
 * finds no mark and tells nobody; the refused attempt must see that for itself and ask again at
 * once, not sit out its next look (here 10 s). The gap is forced by holding the refusal's answer
 * until the decision has landed.
 */
import type { KyselyPlugin } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../lib/clock.js';
import { createKyselyStorage } from '../storage/kysely-storage.js';
import { openDatabase, type OpenDatabase } from '../storage/open-database.js';
import { createInProcessSignals } from '../storage/signals.js';
import type { Storage } from '../storage/storage.js';
import { gate } from '../test-support/gate.js';
import { createPostgresTestDatabase, type PostgresTestDatabase } from '../test-support/postgres-test-database.js';
import { createLoginThrottle } from './login-throttle.js';

const ACCOUNT = 'phone:+998901234568';
const IP = '203.0.113.8';
const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const KEY = { scope: 'account', key: 'k', freeFailures: 3, forgetBefore: 0 };

let database: PostgresTestDatabase;
let opened: OpenDatabase;
/** Run once, after the next INSERT's answer is in and before the code that asked goes on. */
let afterNextInsert: (() => Promise<void>) | undefined;
/** The storage over the same pool whose next INSERT (a reservation is one) waits for afterNextInsert. */
let held: Storage;

beforeEach(async () => {
  database = await createPostgresTestDatabase();
  opened = openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  const inserts = new Set<unknown>();
  const hold: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind === 'InsertQueryNode') inserts.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      const run = inserts.delete(queryId) ? afterNextInsert : undefined;
      if (run) {
        afterNextInsert = undefined;
        await run();
      }
      return result;
    },
  };
  held = createKyselyStorage(opened.db.withPlugin(hold), { dialect: 'postgres' });
});

afterEach(async () => {
  afterNextInsert = undefined;
  await opened.close();
  await database.drop();
});

const reservation = (at: number) => ({ at, pendingUntil: at + 60_000, waitUntil: at + 10_000, keys: [KEY] });

describe('a decision between a refusal and its mark (PostgreSQL)', () => {
  it('is reported with the refusal, which is otherwise not', async () => {
    for (let i = 0; i < 3; i += 1) expect(await opened.storage.throttle.reserve(reservation(T0))).toBeNull();
    afterNextInsert = async () => {
      // Another instance's attempt is decided: no mark yet, so it has nobody to tell.
      expect(await opened.storage.throttle.giveBack([{ scope: 'account', key: 'k' }], T0 + 1)).toBe(false);
    };
    expect(await held.throttle.reserve(reservation(T0 + 2))).toEqual({
      scope: 'account',
      key: 'k',
      lockedUntil: null,
      freed: true,
    });
    expect(afterNextInsert).toBeUndefined();

    // Three under way again, and nothing decided while the next is refused.
    expect(await opened.storage.throttle.reserve(reservation(T0 + 3))).toBeNull();
    expect(await held.throttle.reserve(reservation(T0 + 4))).toEqual({
      scope: 'account',
      key: 'k',
      lockedUntil: null,
      freed: false,
    });
  });

  it('sends the refused attempt back at once instead of to its next look', async () => {
    const clock = createManualClock();
    const signals = createInProcessSignals();
    const options = { maxWaitMs: 20_000, pollMs: 10_000, signals };
    const deciding = createLoginThrottle(opened.storage, clock, options);
    const asking = createLoginThrottle(held, clock, options);
    const slow = Array.from({ length: 3 }, gate);
    const running = slow.map((g) => deciding.attempt(ACCOUNT, IP, () => g.decided));
    await new Promise((resolve) => setTimeout(resolve, 50));
    afterNextInsert = async () => {
      slow[0]!.open(true);
      await running[0];
    };

    const started = Date.now();
    expect(await asking.attempt(ACCOUNT, IP, async () => true)).toBe(true);
    expect(afterNextInsert).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
    for (const g of slow) g.open(true);
    await Promise.all(running);
  });
});
