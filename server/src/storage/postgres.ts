/**
 * The PostgreSQL connection: Kysely's PostgresDialect over a `pg` pool (issue 13). What the queries
 * spell differently is in dialect.ts; this file only opens, reads back integers, keeps statements
 * prepared (postgres-prepared.ts) and counts the pool.
 */
import { Kysely, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';
import { keepStatementsPrepared } from './postgres-prepared.js';
import type { Database } from './schema.js';

/** pg's type id of BIGINT (int8): every time in milliseconds, and what COUNT(*) returns. */
const INT8_OID = 20;

/**
 * BIGINT read back as a number rather than pg's default string. Times in milliseconds stay below
 * 2^53 for the next 285,000 years and counts far below it, so a number is exact; a value that is
 * not is a broken row, refused loudly rather than rounded. dialect.ts's integer() still accepts a
 * string, so a query that goes around this pool (a raw client) reads the same.
 */
function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new Error(`a BIGINT outside JavaScript's exact integers: ${text}`);
  return value;
}

/** The pool's connections now: for the metrics (pool use), without this module knowing of them. */
export interface PoolStats {
  /** Connections open, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: the pool is too small for the load when this stays above 0. */
  waiting: number;
}

export interface PostgresConnection {
  db: Kysely<Database>;
  poolStats: () => PoolStats;
  /**
   * Resolves once every connection's socket is closed. Kysely's destroy() ends the pool, whose
   * promise settles as soon as its clients are told to end, before the server has seen them go.
   */
  connectionsClosed: () => Promise<void>;
}

/**
 * Opens a pool of at most `poolSize` connections to `url` (a postgres:// URL, as libpq reads it).
 * Connections are made on first use, so a wrong URL or a database that is down shows at the first
 * query (the migrations, at start), with pg's own message.
 */
export function openPostgres(
  url: string,
  poolSize: number,
  log: (message: string) => void = console.error,
): PostgresConnection {
  const pool = new Pool({
    connectionString: url,
    max: poolSize,
    // Per pool, not pg's global types.setTypeParser: the parser is this pool's choice, not the process's.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID && format !== 'binary'
          ? parseInt8
          : types.getTypeParser(oid, format)) as typeof types.getTypeParser,
    },
  });
  // An idle connection the server drops (a restart, a failover) emits 'error' on the pool; without a
  // listener Node ends the process. The next query takes a fresh connection instead.
  pool.on('error', (error) => log(`an idle PostgreSQL connection failed: ${error.message}`));
  let open = 0;
  let whenAllClosed: (() => void) | undefined;
  pool.on('connect', (client) => {
    open += 1;
    keepStatementsPrepared(client);
  });
  pool.on('remove', () => {
    open -= 1;
    if (open === 0) whenAllClosed?.();
  });
  const connectionsClosed = () =>
    open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (whenAllClosed = resolve));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    connectionsClosed,
  };
}

/** The URL as a log line may show it: scheme, user, host, port and database, never the password. */
export function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const user = parsed.username ? `${decodeURIComponent(parsed.username)}@` : '';
    return `${parsed.protocol}//${user}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres://(an unreadable URL)';
  }
}
