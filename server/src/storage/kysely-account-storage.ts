/**
 * The accounts part of the storage over Kysely: the `users` row as a sign-in finds it, its contacts,
 * and its deactivation and erasure. A limit that must hold under concurrency is one statement, never
 * a read followed by a write (dialect.ts says what SQLite and PostgreSQL spell differently).
 */
import type { Kysely, Updateable } from 'kysely';
import type { AccountStorage } from './account-storage.js';
import { deleted, FALSE, flag, TRUE } from './dialect.js';
import type { Database, UsersTable } from './schema.js';
import { toUser, userRow } from './user-row.js';

export function accountStorageOn(db: Kysely<Database>): AccountStorage {
  return {
    users: {
      async insert(user) {
        await db.insertInto('users').values(userRow(user)).execute();
      },
      async findById(id) {
        const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
        return row && toUser(row);
      },
      async findByPhone(phone) {
        const row = await db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
        return row && toUser(row);
      },
      async findByVerifiedEmail(email) {
        const row = await db
          .selectFrom('users')
          .selectAll()
          .where('email', '=', email)
          .where('email_verified', '=', TRUE)
          .executeTakeFirst();
        return row && toUser(row);
      },
      async findByPinfl(pinfl) {
        const row = await db.selectFrom('users').selectAll().where('pinfl', '=', pinfl).executeTakeFirst();
        return row && toUser(row);
      },
      async hasUnverifiedEmail(email) {
        const row = await db
          .selectFrom('users')
          .select('id')
          .where('email', '=', email)
          .where('email_verified', '=', FALSE)
          .executeTakeFirst();
        return row !== undefined;
      },
      async releaseUnverifiedEmail(email, at) {
        await db
          .updateTable('users')
          .set({ email: null, updated_at: at })
          .where('email', '=', email)
          .where('email_verified', '=', FALSE)
          .execute();
      },
      async setPasswordHash(id, passwordHash, at) {
        await db
          .updateTable('users')
          .set({ password_hash: passwordHash, password_changed_at: at, updated_at: at })
          .where('id', '=', id)
          .execute();
      },
      async setStateVerified(id, record, at) {
        await db
          .updateTable('users')
          .set({
            verification_status: 'verified',
            pinfl: record.pinfl,
            first_name: record.firstName,
            last_name: record.lastName,
            ...(record.birthDate === null ? {} : { birth_date: record.birthDate }),
            updated_at: at,
          })
          .where('id', '=', id)
          .execute();
      },
    },

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
          .where((eb) =>
            eb.or([
              eb.and([eb('email', '=', email), eb('email_verified', '=', TRUE)]),
              eb('secondary_email', '=', email),
            ]),
          )
          .executeTakeFirst();
        return row && toUser(row);
      },
      async update(userId, changes, at) {
        const set: Updateable<UsersTable> = { updated_at: at };
        if (changes.phone !== undefined) set.phone = changes.phone;
        if (changes.email !== undefined) set.email = changes.email;
        if (changes.emailVerified !== undefined) set.email_verified = flag(changes.emailVerified);
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
            is_inactivated: flag(state !== null),
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
          .where('is_inactivated', '=', TRUE)
          .where('erase_at', '<=', now)
          .orderBy('erase_at')
          .orderBy('id')
          .execute();
        return rows.map(toUser);
      },
      async erase(userId) {
        const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
        if (!user) return false;
        const contacts = [user.phone, user.email, user.secondary_phone, user.secondary_email].filter(
          (value) => value !== null,
        );
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
        await db.deleteFrom('linked_identities').where('user_id', '=', userId).execute();
        await db.deleteFrom('pending_links').where('user_id', '=', userId).execute();
        await db.deleteFrom('social_flows').where('user_id', '=', userId).execute();
        await db.deleteFrom('authorization_codes').where('user_id', '=', userId).execute();
        await db.deleteFrom('qr_login_requests').where('user_id', '=', userId).execute();
        await db
          .deleteFrom('refresh_tokens')
          .where('session_id', 'in', (eb) => eb.selectFrom('sessions').select('id').where('user_id', '=', userId))
          .execute();
        await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
        const result = await db.deleteFrom('users').where('id', '=', userId).executeTakeFirst();
        return deleted(result);
      },
    },
  };
}
