/** Passkeys and WebAuthn challenges over Kysely (passkey-storage.ts, migrations 0019 and 0021). */
import type { Kysely, Selectable } from 'kysely';
import { changed, deleted, flag, integer, isSet, optionalInteger } from './dialect.js';
import type { PasskeysTable, WebauthnChallengesTable } from './passkey-schema.js';
import type { Passkey, PasskeyStorage, WebauthnChallenge, WebauthnPurpose } from './passkey-storage.js';
import type { Database } from './schema.js';

function toPasskey(row: Selectable<PasskeysTable>): Passkey {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: row.public_key,
    counter: integer(row.counter),
    transports: JSON.parse(row.transports) as string[],
    backupEligible: isSet(row.backup_eligible),
    backupState: isSet(row.backup_state),
    name: row.name,
    createdAt: integer(row.created_at),
    lastUsedAt: optionalInteger(row.last_used_at),
  };
}

function toChallenge(row: Selectable<WebauthnChallengesTable>): WebauthnChallenge {
  return {
    challengeHash: row.challenge_hash,
    bindingHash: row.binding_hash,
    purpose: row.purpose as WebauthnPurpose,
    userId: row.user_id,
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    usedAt: optionalInteger(row.used_at),
    clientId: row.client_id ?? null,
  };
}

export function passkeyStorageOn(db: Kysely<Database>): PasskeyStorage {
  return {
    passkeys: {
      async insert(passkey) {
        const result = await db
          .insertInto('passkeys')
          .values({
            id: passkey.id,
            user_id: passkey.userId,
            public_key: passkey.publicKey,
            counter: passkey.counter,
            transports: JSON.stringify(passkey.transports),
            backup_eligible: flag(passkey.backupEligible),
            backup_state: flag(passkey.backupState),
            name: passkey.name,
            created_at: passkey.createdAt,
            last_used_at: passkey.lastUsedAt,
          })
          .onConflict((conflict) => conflict.column('id').doNothing())
          .executeTakeFirst();
        return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
      },
      async find(id) {
        const row = await db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
        return row && toPasskey(row);
      },
      async listForUser(userId) {
        const rows = await db
          .selectFrom('passkeys')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        return rows.map(toPasskey);
      },
      async recordUse(id, { counter, backupState, at }) {
        await db
          .updateTable('passkeys')
          .set({ counter, backup_state: flag(backupState), last_used_at: at })
          .where('id', '=', id)
          .execute();
      },
      async rename(userId, id, name) {
        const result = await db
          .updateTable('passkeys')
          .set({ name })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return changed(result);
      },
      async remove(userId, id) {
        const result = await db
          .deleteFrom('passkeys')
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .executeTakeFirst();
        return deleted(result);
      },
      async removeAllForUser(userId) {
        await db.deleteFrom('passkeys').where('user_id', '=', userId).execute();
      },
    },

    webauthnChallenges: {
      async insert(challenge) {
        await db
          .insertInto('webauthn_challenges')
          .values({
            challenge_hash: challenge.challengeHash,
            binding_hash: challenge.bindingHash,
            purpose: challenge.purpose,
            user_id: challenge.userId,
            created_at: challenge.createdAt,
            expires_at: challenge.expiresAt,
            used_at: challenge.usedAt,
            client_id: challenge.clientId,
          })
          .execute();
      },
      async take(challengeHash, bindingHash, purpose, at) {
        const row = await db
          .updateTable('webauthn_challenges')
          .set({ used_at: at })
          .where('challenge_hash', '=', challengeHash)
          .where('binding_hash', '=', bindingHash)
          .where('purpose', '=', purpose)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .returningAll()
          .executeTakeFirst();
        return row && toChallenge(row);
      },
      async sweepExpired(before) {
        const result = await db.deleteFrom('webauthn_challenges').where('expires_at', '<', before).executeTakeFirst();
        return Number(result.numDeletedRows);
      },
    },
  };
}
