import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

/**
 * Opens (creating if needed) the SQLite file. WAL lets readers run beside the writer;
 * synchronous=FULL makes every commit durable before the response that depends on it is sent
 * (DESIGN.md: nothing a user did is lost on a crash).
 */
export function openSqlite(path: string): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}
