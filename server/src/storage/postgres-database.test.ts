/**
 * What only PostgreSQL has: DATABASE_URL read through to a migrated database on the run's test
 * cluster, migrations that run twice or at once (instances starting together), the schema the same
 * as SQLite's, BIGINTs read back as numbers, and the pool's use. The contract suites run in
 * storage-contract.test.ts.
 */
import { sql, type Kysely } from 'kysely';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config.js';
import { createEmptyPostgresDatabase, type PostgresTestDatabase } from '../test-support/postgres-test-database.js';
import { migrateToLatest } from './migrations.js';
import { openDatabase, type OpenDatabase } from './open-database.js';
import type { Database } from './schema.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).toReversed()) await cleanup();
});

async function emptyDatabase(): Promise<PostgresTestDatabase> {
  const database = await createEmptyPostgresDatabase();
  cleanups.push(database.drop);
  return database;
}

/** Opens what DATABASE_URL names, as main.ts does. */
function open(env: Record<string, string>): OpenDatabase {
  const opened = openDatabase(loadConfig({ NODE_ENV: 'test', ...env }).database);
  cleanups.push(opened.close);
  return opened;
}

const appliedMigrations = async (db: Kysely<Database>) =>
  (await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db)).rows;

/** Every table's columns (name, whether NULL is allowed) and every index by name, sorted. */
async function postgresSchema(db: Kysely<Database>) {
  const columns = await sql<{ table: string; column: string; nullable: string }>`
    SELECT table_name AS table, column_name AS column, is_nullable AS nullable FROM information_schema.columns
    WHERE table_schema = 'public' ORDER BY table_name, column_name`.execute(db);
  const indexes = await sql<{
    name: string;
  }>`SELECT indexname AS name FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`.execute(db);
  return {
    columns: columns.rows.map((row) => `${row.table}.${row.column}${row.nullable === 'YES' ? '' : ' not null'}`),
    indexes: indexes.rows.map((row) => row.name),
  };
}

async function sqliteSchema(db: Kysely<Database>) {
  const tables = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`.execute(db);
  const columns: string[] = [];
  for (const { name } of tables.rows) {
    const info = await sql<{
      name: string;
      notnull: number;
      pk: number;
    }>`SELECT name, "notnull", pk FROM pragma_table_info(${name})`.execute(db);
    // SQLite lets a text primary key be NULL unless told otherwise; PostgreSQL never does.
    columns.push(
      ...info.rows.map((column) => `${name}.${column.name}${column.notnull || column.pk ? ' not null' : ''}`),
    );
  }
  const indexes = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%' ORDER BY name`.execute(
    db,
  );
  return { columns: columns.toSorted(), indexes: indexes.rows.map((row) => row.name) };
}

describe('a PostgreSQL database named by DATABASE_URL', () => {
  it('opens with the pool size asked for, migrates, and shows its URL without the password', async () => {
    const { url } = await emptyDatabase();
    const withPassword = url.replace('postgres://kirish@', 'postgres://kirish:not-shown@');
    const database = open({ DATABASE_URL: withPassword, DATABASE_POOL_SIZE: '3' });
    expect(database.kind).toBe('postgres');
    expect(database.description).toBe(url);
    await migrateToLatest(database.db);
    expect((await appliedMigrations(database.db)).length).toBeGreaterThanOrEqual(8);
    await Promise.all(Array.from({ length: 8 }, () => sql`SELECT pg_sleep(0.05)`.execute(database.db)));
    expect(database.poolStats?.()).toEqual({ total: 3, idle: 3, waiting: 0 });
  });

  it('changes nothing when it migrates an already migrated database', async () => {
    const { url } = await emptyDatabase();
    const { db } = open({ DATABASE_URL: url });
    await migrateToLatest(db);
    const before = { migrations: await appliedMigrations(db), schema: await postgresSchema(db) };
    await migrateToLatest(db);
    expect({ migrations: await appliedMigrations(db), schema: await postgresSchema(db) }).toEqual(before);
  });

  it('migrates once when two instances start on a fresh database at the same moment', async () => {
    const { url } = await emptyDatabase();
    const first = open({ DATABASE_URL: url });
    const second = open({ DATABASE_URL: url });
    await expect(Promise.all([migrateToLatest(first.db), migrateToLatest(second.db)])).resolves.toEqual([
      { newer: [] },
      { newer: [] },
    ]);
    const names = (await appliedMigrations(first.db)).map((row) => row.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names[0]).toBe('0001_accounts_codes_sessions');
  });

  it('ends with the same tables, columns, NULL rules and indexes as a SQLite file', async () => {
    const { url } = await emptyDatabase();
    const postgres = open({ DATABASE_URL: url });
    const dir = mkdtempSync(join(tmpdir(), 'kirish-schema-'));
    const sqlite = openDatabase({ kind: 'sqlite', path: join(dir, 'kirish.db') });
    cleanups.push(async () => {
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    });
    await migrateToLatest(postgres.db);
    await migrateToLatest(sqlite.db);
    const fromPostgres = await postgresSchema(postgres.db);
    const fromSqlite = await sqliteSchema(sqlite.db);
    expect(fromPostgres.columns).toEqual(fromSqlite.columns);
    // PostgreSQL names the index behind each primary key; SQLite's are automatic and unnamed.
    expect(
      fromPostgres.indexes.filter((name) => !name.endsWith('_pkey') && !name.endsWith('_pk') && !name.endsWith('_key')),
    ).toEqual(fromSqlite.indexes);
  });

  it('reads BIGINT columns and counts back as numbers, not strings', async () => {
    const { url } = await emptyDatabase();
    const { db, storage } = open({ DATABASE_URL: url });
    await migrateToLatest(db);
    const at = Date.UTC(2026, 10, 24, 12, 0, 0);
    await storage.outbox.add({
      id: 'm1',
      channel: 'sms',
      recipient: '+998901234567',
      code: '123456',
      text: 'Kod: 123456',
      createdAt: at,
    });
    const row = await db
      .selectFrom('outbox')
      .select(['created_at', (eb) => eb.fn.countAll().as('count')])
      .groupBy('created_at')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ created_at: at, count: 1 });
  });
});
