/**
 * Opens the database the configuration names (DATABASE_URL) and composes the storage over it: the
 * one place `main.ts`, the scripts and the tests choose between SQLite and PostgreSQL. Migrating is
 * the caller's step (migrations.ts), so a tool may open without changing the schema.
 */
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config/config.js';
import { createKyselyStorage } from './kysely-storage.js';
import { describePostgresUrl, openPostgres, type PoolStats } from './postgres.js';
import { createPostgresSignals } from './postgres-signals.js';
import type { Database } from './schema.js';
import { createInProcessSignals, type Signals } from './signals.js';
import { openSqlite } from './sqlite.js';
import type { Storage } from './storage.js';

export type { PoolStats } from './postgres.js';

export interface OpenDatabase {
  db: Kysely<Database>;
  storage: Storage;
  /** Wake-up calls between the instances on this database (signals.ts). */
  signals: Signals;
  kind: Config['database']['kind'];
  /** Where the data lives, for the start banner: a file path, or the URL without its password. */
  description: string;
  /** The pool's use (PostgreSQL only: SQLite has one connection). */
  poolStats?: () => PoolStats;
  /** Closes the storage and its connections (the pool, or the file). */
  close: () => Promise<void>;
}

export function openDatabase(database: Config['database'], log?: (message: string) => void): OpenDatabase {
  if (database.kind === 'postgres') {
    const { db, poolStats, connectionsClosed } = openPostgres(database.url, database.poolSize, log);
    // Many writers, row locks and MVCC: plain transactions, one per unit of work.
    const storage = createKyselyStorage(db, { dialect: 'postgres' });
    const signals = createPostgresSignals(
      database.url,
      (channel, message) => sql`SELECT pg_notify(${channel}, ${message})`.execute(db),
      log,
    );
    const close = async () => {
      await signals.close();
      await storage.close();
      await connectionsClosed();
    };
    return { db, storage, signals, kind: 'postgres', description: describePostgresUrl(database.url), poolStats, close };
  }
  const db = openSqlite(database.path);
  // One writer: concurrent transactions share one commit (group-commit.ts).
  const storage = createKyselyStorage(db, { groupCommit: true });
  return {
    db,
    storage,
    signals: createInProcessSignals(),
    kind: 'sqlite',
    description: database.path,
    close: () => storage.close(),
  };
}
