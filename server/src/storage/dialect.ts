/**
 * What SQLite and PostgreSQL store or hand back differently, in the one place the storage parts take
 * it from, so that issue 13 adds PostgreSQL here and in its connection module, not in every query.
 *
 * The queries themselves keep to what both spell alike: `ON CONFLICT … DO NOTHING` and
 * `ON CONFLICT … DO UPDATE SET … WHERE` (the existing row named by its table), `RETURNING` (SQLite
 * since 3.35), `!=`, `LIMIT … OFFSET`. None says "now" (every time is the clock's, passed in as
 * milliseconds) and none matches case-insensitively (contacts and usernames are normalised before
 * they are stored, and compared exactly). Group commit (group-commit.ts) is for a database with one
 * writer, SQLite; the PRAGMAs are in sqlite.ts.
 */
import { PostgresAdapter, type Kysely } from 'kysely';

/** Booleans are 0/1 integers in both databases (schema.ts): one column type, one way to compare. */
export const flag = (value: boolean): number => (value ? 1 : 0);
export const TRUE = 1;
export const FALSE = 0;
export const isSet = (value: number): boolean => Number(value) === TRUE;

/**
 * An integer read back: better-sqlite3 returns a number, pg returns BIGINT columns (every time in
 * milliseconds) and every COUNT as a string.
 */
export const integer = (value: number | string | bigint): number => Number(value);
export const optionalInteger = (value: number | string | bigint | null): number | null =>
  value === null ? null : Number(value);

/** A list of strings (a sign-in's RFC 8176 `amr`) as JSON text, the same in both databases; null stays null. */
export const jsonList = (value: readonly string[] | null): string | null =>
  value === null ? null : JSON.stringify(value);
export const optionalList = (value: string | null): string[] | null => {
  if (value === null) return null;
  const parsed: unknown = JSON.parse(value);
  return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : null;
};

/** Whether an UPDATE changed a row: the single-use and compare-and-set writes hang on it. */
export const changed = (result: { numUpdatedRows: bigint }): boolean => result.numUpdatedRows > 0n;
export const deleted = (result: { numDeletedRows: bigint }): boolean => result.numDeletedRows > 0n;

/**
 * The column type of bytes: BLOB in SQLite; PostgreSQL has none of that name, and takes bytea. Told
 * apart by the adapter Kysely runs on, so that one migration list serves both.
 */
// oxlint-disable-next-line typescript/no-explicit-any -- migrations see any schema (migrations.ts)
export function bytesColumnType(db: Kysely<any>): 'blob' | 'bytea' {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
}
