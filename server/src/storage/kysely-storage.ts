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
import { complaintStorageOn } from './kysely-complaint-storage.js';
import { imageStorageOn } from './kysely-image-storage.js';
import { jobLeaseStorageOn } from './kysely-job-lease-storage.js';
import { keyStorageOn } from './kysely-key-storage.js';
import { outboxStorageOn } from './kysely-outbox-storage.js';
import { paymentStorageOn } from './kysely-payment-storage.js';
import { reviewStorageOn } from './kysely-review-storage.js';
import { hissaStorageOn } from './kysely-hissa-storage.js';
import { passkeyStorageOn } from './kysely-passkey-storage.js';
import { personalStorageOn } from './kysely-personal-storage.js';
import { qrLoginStorageOn } from './kysely-qr-login-storage.js';
import { helpFeedbackStorageOn } from './kysely-help-feedback-storage.js';
import { rateWindowStorageOn } from './kysely-rate-window-storage.js';
import { securityLogStorageOn } from './kysely-security-log-storage.js';
import { rotateCurrentInOneStatement, rotateCurrentInSteps, sessionStorageOn } from './kysely-session-storage.js';
import { smsMessageStorageOn } from './kysely-sms-message-storage.js';
import { socialStorageOn } from './kysely-social-storage.js';
import { throttleStorageOn } from './kysely-throttle-storage.js';
import { twoStepStorageOn } from './kysely-two-step-storage.js';
import { validationStorageOn } from './kysely-validation-storage.js';
import type { Database } from './schema.js';
import { retryOnStalePlan } from './postgres-prepared.js';
import type { Session } from './records.js';
import type { CurrentRotation } from './session-storage.js';
import type { Storage } from './storage.js';

export interface KyselyStorageOptions {
  /** Group concurrent transactions into one commit (group-commit.ts): for a single-writer database, SQLite. */
  groupCommit?: boolean;
  /** The database behind `db`; where the two differ in more than spelling (dialect.ts), the part takes its own way. */
  dialect?: 'sqlite' | 'postgres';
}

type Transact = <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>;
type RotateCurrent = (db: Kysely<Database>, rotation: CurrentRotation) => Promise<Session | undefined>;

export function createKyselyStorage(db: Kysely<Database>, options: KyselyStorageOptions = {}): Storage {
  const postgres = options.dialect === 'postgres';
  // On PostgreSQL a unit of work that a stale prepared statement aborted runs once more (postgres-prepared.ts).
  const transact: Transact = options.groupCommit
    ? createGroupCommit(db)
    : postgres
      ? (work) => retryOnStalePlan(() => db.transaction().execute(work))
      : (work) => db.transaction().execute(work);
  // A refresh's common case (session-storage.ts rotateCurrent): one statement on PostgreSQL, inside
  // or outside a transaction; on SQLite its steps, in a unit of work of their own when called outside one.
  const inTransaction: RotateCurrent = postgres ? rotateCurrentInOneStatement : rotateCurrentInSteps;
  const outside: RotateCurrent = postgres
    ? rotateCurrentInOneStatement
    : (_db, rotation) => transact((trx) => rotateCurrentInSteps(trx, rotation));
  const root = storageOn(db, outside, (work) => transact((trx) => work(storageOn(trx, inTransaction, null))));
  if (postgres) return root;
  // On SQLite a sign-in attempt's reservation and its giving back join the group commit, each a unit
  // of its own, rather than each paying a commit of its own; a reservation refused at one key gives
  // the others back inside that unit, so no other attempt ever sees it half made.
  root.throttle = {
    ...root.throttle,
    reserve: (reservation) => transact((trx) => throttleStorageOn(trx).throttle.reserve(reservation)),
    giveBack: (keys, at) => transact((trx) => throttleStorageOn(trx).throttle.giveBack(keys, at)),
  };
  return root;
}

/**
 * Every part over `db`. `transaction` is null inside a transaction: a transaction opened there
 * joins the outer one, which decides.
 */
function storageOn(
  db: Kysely<Database>,
  rotateCurrent: RotateCurrent,
  transaction: (<T>(work: (tx: Storage) => Promise<T>) => Promise<T>) | null,
): Storage {
  return {
    ...accountStorageOn(db),
    ...sessionStorageOn(db, rotateCurrent),
    ...codeStorageOn(db),
    ...throttleStorageOn(db),
    ...clientStorageOn(db),
    ...keyStorageOn(db),
    ...outboxStorageOn(db),
    ...personalStorageOn(db),
    ...securityLogStorageOn(db),
    ...rateWindowStorageOn(db),
    ...jobLeaseStorageOn(db),
    ...imageStorageOn(db),
    ...socialStorageOn(db),
    ...smsMessageStorageOn(db),
    ...helpFeedbackStorageOn(db),
    ...complaintStorageOn(db),
    ...validationStorageOn(db),
    ...qrLoginStorageOn(db),
    ...paymentStorageOn(db),
    ...passkeyStorageOn(db),
    ...twoStepStorageOn(db),
    ...reviewStorageOn(db),
    ...hissaStorageOn(db),

    async transaction(work) {
      return transaction ? transaction(work) : work(this);
    },

    async close() {
      await db.destroy();
    },
  };
}
