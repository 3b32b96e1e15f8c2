import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database } from './schema.js';

/** Statements kept prepared; the service's queries have a few dozen shapes, so this is never reached in practice. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every statement anew; preparing costs more than running a simple one. The
 * service's SQL has a fixed set of shapes, so each is prepared once and reused (least recently used
 * dropped first). Reuse is safe because Kysely runs one statement at a time on this connection and
 * never streams here.
 */
function withStatementCache(database: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = database.prepare(sql) as unknown as SqliteStatement;
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Opens (creating if needed) the SQLite file. WAL lets readers run beside the writer;
 * synchronous=FULL makes every commit durable before the response that depends on it is sent
 * (docs/product.md §11: nothing a user did is lost on a crash).
 */
export function openSqlite(path: string): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(database) }) });
}
