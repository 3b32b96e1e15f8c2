/**
 * Every database the storage contract suites run against (storage-contract.test.ts), each opened
 * fresh for one case: SQLite today; PostgreSQL (issue 13) is one more entry here.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createKyselyStorage } from '../kysely-storage.js';
import { migrateToLatest } from '../migrations.js';
import { openSqlite } from '../sqlite.js';
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

export const DATABASES: readonly ContractDatabase[] = [{ name: 'SQLite', open: openSqliteFile }];
