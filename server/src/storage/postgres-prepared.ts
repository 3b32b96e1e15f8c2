/**
 * Statements kept prepared on each PostgreSQL connection, as sqlite.ts keeps SQLite's (issue 13):
 * Kysely sends every query unnamed, so PostgreSQL parses and plans it anew each time. Named, a
 * connection parses a statement once and then only binds and runs it; the service's SQL has a fixed
 * set of shapes. Measured with `npm run bench:server -- --database postgres`: docs/benchmarks.md.
 *
 * One hazard comes with it. A prepared `SELECT *` (or `RETURNING *`) fails with "cached plan must
 * not change result type" (SQLSTATE 0A000) once a migration changed the table's columns — what an
 * old instance meets while a newer release rolls out (docs/deploy.md, Upgrading). Such a failure is
 * answered by forgetting the statement on that connection (the next use prepares it anew under a new
 * name) and running the query again: at once when the connection is not inside a transaction;
 * otherwise the transaction has been aborted, and the storage runs the whole unit of work once more
 * (kysely-storage.ts, `retryOnStalePlan`). That is safe because a unit of work touches only the
 * database, which the abort rolled back: what leaves the process — a code's SMS, a file removed, a
 * signal to the other instances — is done after its transaction commits, never inside it.
 */

/** The part of a pg client this module uses. */
export interface QueryingClient {
  query: (...args: never[]) => unknown;
}

/** More distinct statements than this per connection are left unnamed: a query built with a varying shape must not fill the server's memory. */
const MAX_PREPARED_PER_CONNECTION = 500;

/** Only what the service runs again and again: not DDL (migrations), not transaction control. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const BEGINS = /^\s*(begin|start transaction)\b/i;
const ENDS = /^\s*(commit|rollback)\s*$/i;

/** PostgreSQL's answer to a prepared statement whose tables' columns changed under it. */
export function isStalePlanError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

let nameCounter = 0;

/** Makes `client.query(text, values)` use a named statement per distinct text; returns the client. */
export function keepStatementsPrepared<T extends QueryingClient>(client: T): T {
  const query = client.query.bind(client) as (config: unknown, values?: unknown[]) => Promise<unknown>;
  const names = new Map<string, string>();
  let inTransaction = false;

  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED_PER_CONNECTION)
      names.set(text, (name = `kirish_${++nameCounter}`));
    return name;
  };

  async function run(text: string, values: unknown[]): Promise<unknown> {
    const name = nameOf(text);
    if (name === undefined) return query(text, values);
    try {
      return await query({ name, text, values });
    } catch (error) {
      if (!isStalePlanError(error)) throw error;
      // The next use of this text on this connection prepares it again, under a new name.
      names.delete(text);
      if (inTransaction) throw error;
      return query({ name: nameOf(text), text, values });
    }
  }

  (client as unknown as { query: unknown }).query = (text: unknown, values?: unknown) => {
    if (typeof text !== 'string' || !Array.isArray(values)) return query(text, values as unknown[] | undefined);
    if (BEGINS.test(text)) inTransaction = true;
    else if (ENDS.test(text)) inTransaction = false;
    return PREPARABLE.test(text) ? run(text, values) : query(text, values);
  };
  return client;
}

/** Runs a unit of work, and once more if a stale prepared statement aborted it (nothing of it was committed). */
export async function retryOnStalePlan<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isStalePlanError(error)) throw error;
    return work();
  }
}
