/**
 * Every database the storage contract suites run against (storage-contract.test.ts), each opened
 * fresh for one case: a SQLite file, and a database on the run's throwaway PostgreSQL cluster
 * (issue 13), each opened as `npm start` opens it (open-database.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKyselyStorage } from '../kysely-storage.js';
import { migrateToLatest } from '../migrations.js';
import { openDatabase } from '../open-database.js';
import { openSqlite } from '../sqlite.js';
import { createPostgresTestDatabase } from '../../test-support/postgres-test-database.js';
import type { OpenStorage } from './contract-records.js';

export interface ContractDatabase {
  name: string;
  open: OpenStorage;
}

/** A migrated SQLite file in a folder of its own, opened as `npm start` opens it (group commit on). */
export async function openSqliteFile() {
  const dir = mkdtempSync(join(tmpdir(), 'kirish-storage-'));
  const db = openSqlite(join(dir, 'kirish.db'));
  await migrateToLatest(db);
  const storage = createKyselyStorage(db, { groupCommit: true });
  return {
    storage,
    db,
    dispose: async () => {
      await storage.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh copy of a migrated template on the test cluster, opened with a pool of a few connections
 * (plain transactions, no group commit), and dropped afterwards.
 */
export async function openPostgresDatabase() {
  const database = await createPostgresTestDatabase();
  const { db, storage, close } = openDatabase({ kind: 'postgres', url: database.url, poolSize: 4 });
  return {
    storage,
    db,
    dispose: async () => {
      await close();
      await database.drop();
    },
  };
}

export const DATABASES: readonly ContractDatabase[] = [
  { name: 'SQLite', open: openSqliteFile },
  { name: 'PostgreSQL', open: openPostgresDatabase },
];
