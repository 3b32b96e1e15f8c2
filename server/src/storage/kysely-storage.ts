/**
 * The Storage interface over Kysely, composed of one part per aggregate (kysely-*-storage.ts). The
 * parts keep to SQL that SQLite and PostgreSQL spell alike; what differs is in dialect.ts. A limit
 * that must hold under concurrency is one statement (an upsert or an update that counts only when
 * the count allows), never a read followed by a write.
 */
import type { Kysely, Transaction } from 'kysely';
import { createGroupCommit } from './group-commit.js';
import { accountStorageOn } from './kysely-account-storage.js';
import { clientStorageOn } from './kysely-client-storage.js';
import { codeStorageOn } from './kysely-code-storage.js';
import { keyStorageOn } from './kysely-key-storage.js';
import { outboxStorageOn } from './kysely-outbox-storage.js';
import { personalStorageOn } from './kysely-personal-storage.js';
import { securityLogStorageOn } from './kysely-security-log-storage.js';
import { sessionStorageOn } from './kysely-session-storage.js';
import { throttleStorageOn } from './kysely-throttle-storage.js';
import type { Database } from './schema.js';
import type { Storage } from './storage.js';

export interface KyselyStorageOptions {
  /** Group concurrent transactions into one commit (group-commit.ts): for a single-writer database, SQLite. */
  groupCommit?: boolean;
}

type Transact = <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;

export function createKyselyStorage(db: Kysely<Database>, options: KyselyStorageOptions = {}): Storage {
  const transact: Transact = options.groupCommit ? createGroupCommit(db) : (work) => db.transaction().execute(work);
  return storageOn(db, (work) => transact((trx) => work(storageOn(trx, null))));
}

/**
 * Every part over `db`. `transaction` is null inside a transaction: a transaction opened there
 * joins the outer one, which decides.
 */
function storageOn(db: Kysely<Database>, transaction: (<T>(work: (tx: Storage) => Promise<T>) => Promise<T>) | null): Storage {
  return {
    ...accountStorageOn(db),
    ...sessionStorageOn(db),
    ...codeStorageOn(db),
    ...throttleStorageOn(db),
    ...clientStorageOn(db),
    ...keyStorageOn(db),
    ...outboxStorageOn(db),
    ...personalStorageOn(db),
    ...securityLogStorageOn(db),

    async transaction(work) {
      return transaction ? transaction(work) : work(this);
    },

    async close() {
      await db.destroy();
    },
  };
}
