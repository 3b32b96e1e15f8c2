/**
 * The codes part of the storage over Kysely: one-time codes (counted and closed by single
 * statements, so racing tries are counted one by one), the request ids they prove, step-up proofs,
 * and the limit locks a transaction takes before it counts against a limit.
 */
import type { Kysely, Selectable } from 'kysely';
import type { ContactType } from '../lib/contacts.js';
import type { CodeCloseReason, CodeStorage, OtpCode, StepUpProof, Verification } from './code-storage.js';
import { changed, integer, optionalInteger } from './dialect.js';
import type { Database, OtpCodesTable, StepUpProofsTable, VerificationsTable } from './schema.js';

function toCode(row: Selectable<OtpCodesTable>): OtpCode {
  return {
    id: row.id,
    purpose: row.purpose,
    contactType: row.contact_type as ContactType,
    contact: row.contact,
    codeHash: row.code_hash,
    channel: row.channel as OtpCode['channel'],
    ip: row.ip,
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    attempts: row.attempts,
    closedAt: optionalInteger(row.closed_at),
    closeReason: row.close_reason as CodeCloseReason | null,
  };
}

function toVerification(row: Selectable<VerificationsTable>): Verification {
  return {
    id: row.id,
    requestHash: row.request_hash,
    purpose: row.purpose,
    contactType: row.contact_type as ContactType,
    contact: row.contact,
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    usedAt: optionalInteger(row.used_at),
    userId: row.user_id,
  };
}

function toStepUpProof(row: Selectable<StepUpProofsTable>): StepUpProof {
  return {
    id: row.id,
    proofHash: row.proof_hash,
    userId: row.user_id,
    sessionId: row.session_id,
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    usedAt: optionalInteger(row.used_at),
  };
}

export function codeStorageOn(db: Kysely<Database>): CodeStorage {
  const deleteExpired = async (table: 'otp_codes' | 'verifications' | 'step_up_proofs', before: number) => {
    const result = await db.deleteFrom(table).where('expires_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  };
  return {
    codes: {
      async insert(code) {
        await db
          .insertInto('otp_codes')
          .values({
            id: code.id,
            purpose: code.purpose,
            contact_type: code.contactType,
            contact: code.contact,
            code_hash: code.codeHash,
            channel: code.channel,
            ip: code.ip,
            created_at: code.createdAt,
            expires_at: code.expiresAt,
            attempts: code.attempts,
            closed_at: code.closedAt,
            close_reason: code.closeReason,
          })
          .execute();
      },
      async latest(contact, purpose) {
        const row = await db
          .selectFrom('otp_codes')
          .selectAll()
          .where('contact', '=', contact)
          .where('purpose', '=', purpose)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        return row && toCode(row);
      },
      async countSince(by, sinceMs) {
        let query = db.selectFrom('otp_codes').select((eb) => eb.fn.countAll<number>().as('count'));
        query = 'contact' in by ? query.where('contact', '=', by.contact) : query.where('ip', '=', by.ip);
        const row = await query.where('created_at', '>=', sinceMs).executeTakeFirstOrThrow();
        return integer(row.count);
      },
      async takeAttempt(id, maxAttempts) {
        const row = await db
          .updateTable('otp_codes')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('closed_at', 'is', null)
          .where('attempts', '<', maxAttempts)
          .returning('attempts')
          .executeTakeFirst();
        return row ? row.attempts : null;
      },
      async close(id, at, reason) {
        const result = await db
          .updateTable('otp_codes')
          .set({ closed_at: at, close_reason: reason })
          .where('id', '=', id)
          .where('closed_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },
      async closeOpen(contact, purpose, at, reason) {
        await db
          .updateTable('otp_codes')
          .set({ closed_at: at, close_reason: reason })
          .where('contact', '=', contact)
          .where('purpose', '=', purpose)
          .where('closed_at', 'is', null)
          .execute();
      },
      sweepExpired: (before) => deleteExpired('otp_codes', before),
    },

    verifications: {
      async insert(verification) {
        await db
          .insertInto('verifications')
          .values({
            id: verification.id,
            request_hash: verification.requestHash,
            purpose: verification.purpose,
            contact_type: verification.contactType,
            contact: verification.contact,
            created_at: verification.createdAt,
            expires_at: verification.expiresAt,
            used_at: verification.usedAt,
            user_id: verification.userId,
          })
          .execute();
      },
      async findByHash(requestHash) {
        const row = await db
          .selectFrom('verifications')
          .selectAll()
          .where('request_hash', '=', requestHash)
          .executeTakeFirst();
        return row && toVerification(row);
      },
      async markUsed(id, at) {
        const result = await db
          .updateTable('verifications')
          .set({ used_at: at })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },
      sweepExpired: (before) => deleteExpired('verifications', before),
    },

    stepUpProofs: {
      async insert(proof) {
        await db
          .insertInto('step_up_proofs')
          .values({
            id: proof.id,
            proof_hash: proof.proofHash,
            user_id: proof.userId,
            session_id: proof.sessionId,
            created_at: proof.createdAt,
            expires_at: proof.expiresAt,
            used_at: proof.usedAt,
          })
          .execute();
      },
      async findByHash(proofHash) {
        const row = await db
          .selectFrom('step_up_proofs')
          .selectAll()
          .where('proof_hash', '=', proofHash)
          .executeTakeFirst();
        return row && toStepUpProof(row);
      },
      async markUsed(id, at) {
        const result = await db
          .updateTable('step_up_proofs')
          .set({ used_at: at })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },
      sweepExpired: (before) => deleteExpired('step_up_proofs', before),
    },

    limitLocks: {
      async take(scope, key, at) {
        await db
          .insertInto('limit_locks')
          .values({ scope, key, taken_at: at })
          .onConflict((conflict) => conflict.columns(['scope', 'key']).doUpdateSet({ taken_at: at }))
          .execute();
      },
    },
  };
}
