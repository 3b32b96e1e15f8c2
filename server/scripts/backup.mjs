// `npm run backup [-- PATH]`: a consistent copy of the SQLite database while Kirish runs (issue 13,
// docs/deploy.md, Backups). SQLite's online backup API (https://www.sqlite.org/backup.html, through
// better-sqlite3's backup()) copies the pages of one snapshot: in WAL mode the server keeps reading
// and writing meanwhile, and a write that lands during the copy makes SQLite start it again, so the
// copy is always one moment's database, never a torn file (which cp of a live file can give).
//
// The database is the one of DATABASE_URL, read by the server's own rules (config.ts). PostgreSQL is
// refused: its backups are pg_dump or base backups with WAL archiving (docs/deploy.md).
// Exit codes: 0 copied and checked, 1 anything else (the reason is printed). Never overwrites a file.
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

const configModule = new URL('../dist/config/config.js', import.meta.url);

function fail(message) {
  console.error(`Backup failed: ${message}`);
  process.exit(1);
}

/** The database part of the configuration, parsed as the server parses it (other variables play no part). */
async function databaseConfig() {
  if (!existsSync(fileURLToPath(configModule))) fail('the server is not built: run npm run build:server first');
  const { loadConfig, ConfigError } = await import(configModule.href);
  try {
    return loadConfig({ DATABASE_URL: process.env.DATABASE_URL }).database;
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/** 2026-11-24T16-05-09Z: sortable, and without the colons some file systems refuse. */
const stamp = (date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-');

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-'))
  fail('usage: npm run backup [-- PATH] (default ./data/backups/kirish-<time>.db)');

const database = await databaseConfig();
if (database.kind !== 'sqlite') {
  fail(
    'DATABASE_URL names PostgreSQL: back it up with pg_dump, or base backups and WAL archiving (docs/deploy.md, Backups)',
  );
}
if (database.path === ':memory:' || !existsSync(database.path)) fail(`no database file at ${database.path}`);

const target = resolve(args[0] ?? `./data/backups/kirish-${stamp(new Date())}.db`);
if (existsSync(target)) fail(`${target} exists already: name another file`);
mkdirSync(dirname(target), { recursive: true });
// Written beside the target and renamed when whole and checked: a file at the target is a good copy.
const partial = `${target}.partial`;
rmSync(partial, { force: true });

const source = new Database(database.path, { readonly: true, fileMustExist: true });
source.pragma('busy_timeout = 5000');
const started = Date.now();
try {
  // After the first 100 pages, the rest in one step: one read snapshot the server's writes do not
  // disturb (WAL), so the copy is not started again by every write under load.
  await source.backup(partial, { progress: ({ remainingPages }) => Math.max(remainingPages, 100) });
} catch (error) {
  rmSync(partial, { force: true });
  fail(`copying ${database.path}: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  source.close();
}

const copy = new Database(partial);
try {
  // One self-contained file: the copy needs no -wal beside it.
  copy.pragma('journal_mode = DELETE');
  const check = copy.pragma('integrity_check', { simple: true });
  if (check !== 'ok') throw new Error(`integrity_check says ${String(check)}`);
} catch (error) {
  copy.close();
  rmSync(partial, { force: true });
  fail(error instanceof Error ? error.message : String(error));
}
copy.close();
renameSync(partial, target);
console.log(`Backed up ${database.path} to ${target} in ${Date.now() - started} ms (integrity_check ok)`);
