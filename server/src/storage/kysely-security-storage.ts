/**
 * SecurityStorage over Kysely, for SQLite and PostgreSQL alike (see kysely-storage.ts).
 */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { AuditDetails, AuditEvent, SecurityStorage, StepUpProof } from './security-storage.js';
import type { AuditEventsTable, Database, StepUpProofsTable, UsersTable } from './schema.js';
import { toSession } from './session-row.js';
import { toUser } from './user-row.js';

const optionalTime = (value: number | null): number | null => (value === null ? null : Number(value));

function toAuditEvent(row: Selectable<AuditEventsTable>): AuditEvent {
  return {
    id: row.id,
    userId: row.user_id,
    type: row.type,
    createdAt: Number(row.created_at),
    ip: row.ip,
    userAgent: row.user_agent,
    sessionId: row.session_id,
    details: JSON.parse(row.details) as AuditDetails,
  };
}

function toStepUpProof(row: Selectable<StepUpProofsTable>): StepUpProof {
  return {
    id: row.id,
    proofHash: row.proof_hash,
    userId: row.user_id,
    sessionId: row.session_id,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    usedAt: optionalTime(row.used_at),
  };
}

export function securityStorageOn(db: Kysely<Database>): SecurityStorage {
  return {
    contacts: {
      async ownerOfPhone(phone) {
        const row = await db
          .selectFrom('users')
          .selectAll()
          .where((eb) => eb.or([eb('phone', '=', phone), eb('secondary_phone', '=', phone)]))
          .executeTakeFirst();
        return row && toUser(row);
      },
      async ownerOfEmail(email) {
        const row = await db
          .selectFrom('users')
          .selectAll()
          .where((eb) => eb.or([eb.and([eb('email', '=', email), eb('email_verified', '=', 1)]), eb('secondary_email', '=', email)]))
          .executeTakeFirst();
        return row && toUser(row);
      },
      async update(userId, changes, at) {
        const set: Updateable<UsersTable> = { updated_at: at };
        if (changes.phone !== undefined) set.phone = changes.phone;
        if (changes.email !== undefined) set.email = changes.email;
        if (changes.emailVerified !== undefined) set.email_verified = changes.emailVerified ? 1 : 0;
        if (changes.secondaryPhone !== undefined) set.secondary_phone = changes.secondaryPhone;
        if (changes.secondaryEmail !== undefined) set.secondary_email = changes.secondaryEmail;
        await db.updateTable('users').set(set).where('id', '=', userId).execute();
      },
    },

    deactivation: {
      async set(userId, state, at) {
        await db
          .updateTable('users')
          .set({
            is_inactivated: state ? 1 : 0,
            inactivated_at: state?.inactivatedAt ?? null,
            erase_at: state?.eraseAt ?? null,
            updated_at: at,
          })
          .where('id', '=', userId)
          .execute();
      },
      async dueForErase(now) {
        const rows = await db
          .selectFrom('users')
          .selectAll()
          .where('is_inactivated', '=', 1)
          .where('erase_at', '<=', now)
          .orderBy('erase_at')
          .execute();
        return rows.map(toUser);
      },
      async erase(userId) {
        const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
        if (!user) return false;
        const contacts = [user.phone, user.email, user.secondary_phone, user.secondary_email].filter((value) => value !== null);
        // Each table by name rather than by ON DELETE CASCADE alone: what is erased is written here,
        // whatever a later migration does to a foreign key.
        if (contacts.length > 0) {
          await db.deleteFrom('otp_codes').where('contact', 'in', contacts).execute();
          await db.deleteFrom('verifications').where('contact', 'in', contacts).execute();
          await db.deleteFrom('outbox').where('recipient', 'in', contacts).execute();
          await db.deleteFrom('limit_locks').where('scope', '=', 'otp_contact').where('key', 'in', contacts).execute();
        }
        // Login throttles are keyed by the contact as typed: `phone:…` / `email:…` (accountThrottleKey),
        // and `user:<id>` for the step-up password check.
        const throttleKeys = [
          `user:${userId}`,
          ...[user.phone, user.secondary_phone].filter((value) => value !== null).map((phone) => `phone:${phone}`),
          ...[user.email, user.secondary_email].filter((value) => value !== null).map((email) => `email:${email}`),
        ];
        await db.deleteFrom('login_throttle').where('scope', '=', 'account').where('key', 'in', throttleKeys).execute();
        await db.deleteFrom('verifications').where('user_id', '=', userId).execute();
        await db.deleteFrom('step_up_proofs').where('user_id', '=', userId).execute();
        await db.deleteFrom('audit_events').where('user_id', '=', userId).execute();
        await db.deleteFrom('addresses').where('user_id', '=', userId).execute();
        await db.deleteFrom('oauth_grants').where('user_id', '=', userId).execute();
        await db.deleteFrom('authorization_codes').where('user_id', '=', userId).execute();
        await db
          .deleteFrom('refresh_tokens')
          .where('session_id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('user_id', '=', userId))
          .execute();
        await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
        const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
        return result.numDeletedRows > 0n;
      },
    },

    openSessions: {
      async list(userId, kind, now) {
        const rows = await db
          .selectFrom('sessions')
          .selectAll()
          .where('user_id', '=', userId)
          .where('kind', '=', kind)
          .where('ended_at', 'is', null)
          // A session lives as long as a refresh token of its family does.
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('refresh_tokens')
                .select('refresh_tokens.id')
                .whereRef('refresh_tokens.session_id', '=', 'sessions.id')
                .where('refresh_tokens.expires_at', '>', now),
            ),
          )
          .orderBy('last_seen_at', 'desc')
          .orderBy('created_at', 'desc')
          .execute();
        return rows.map(toSession);
      },
      async endOthers(userId, keepSessionId, kinds, at, reason) {
        if (kinds.length === 0) return 0;
        const result = await db
          .updateTable('sessions')
          .set({ ended_at: at, end_reason: reason })
          .where('user_id', '=', userId)
          .where('id', '!=', keepSessionId)
          .where('kind', 'in', kinds)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      },
    },

    auditLog: {
      async insert(event) {
        await db
          .insertInto('audit_events')
          .values({
            id: event.id,
            user_id: event.userId,
            type: event.type,
            created_at: event.createdAt,
            ip: event.ip,
            user_agent: event.userAgent,
            session_id: event.sessionId,
            details: JSON.stringify(event.details),
          })
          .execute();
      },
      async list(userId, offset, limit) {
        const rows = await db
          .selectFrom('audit_events')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .offset(offset)
          .execute();
        return rows.map(toAuditEvent);
      },
      async count(userId) {
        const row = await db
          .selectFrom('audit_events')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow();
        return Number(row.count);
      },
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
        const row = await db.selectFrom('step_up_proofs').selectAll().where('proof_hash', '=', proofHash).executeTakeFirst();
        return row && toStepUpProof(row);
      },
      async markUsed(id, at) {
        const result = await db
          .updateTable('step_up_proofs')
          .set({ used_at: at })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      },
    },
  };
}
