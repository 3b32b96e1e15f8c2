/** Two-step verification over Kysely (two-step-storage.ts, migration 0019). */
import type { Kysely, Selectable } from 'kysely';
import { changed, flag, integer, isSet, jsonList, optionalInteger, optionalList } from './dialect.js';
import type { SecondStepsTable, TotpSecretsTable } from './passkey-schema.js';
import type { Database } from './schema.js';
import type { SecondStep, TotpSecret, TwoStepStorage } from './two-step-storage.js';

function toSecret(row: Selectable<TotpSecretsTable>): TotpSecret {
  return {
    id: row.id,
    userId: row.user_id,
    sealedSecret: row.sealed_secret,
    createdAt: integer(row.created_at),
    confirmedAt: optionalInteger(row.confirmed_at),
    lastStep: optionalInteger(row.last_step),
  };
}

function toSecondStep(row: Selectable<SecondStepsTable>): SecondStep {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    bindingHash: row.binding_hash,
    userId: row.user_id,
    firstMethod: row.first_method as SecondStep['firstMethod'],
    firstAmr: optionalList(row.first_amr),
    save: isSet(row.save),
    attempts: integer(row.attempts),
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    usedAt: optionalInteger(row.used_at),
  };
}

export function twoStepStorageOn(db: Kysely<Database>): TwoStepStorage {
  return {
    totpSecrets: {
      async insert(secret) {
        await db
          .insertInto('totp_secrets')
          .values({
            id: secret.id,
            user_id: secret.userId,
            sealed_secret: secret.sealedSecret,
            created_at: secret.createdAt,
            confirmed_at: secret.confirmedAt,
            last_step: secret.lastStep,
          })
          .execute();
      },
      async findConfirmed(userId) {
        const row = await db
          .selectFrom('totp_secrets')
          .selectAll()
          .where('user_id', '=', userId)
          .where('confirmed_at', 'is not', null)
          .executeTakeFirst();
        return row && toSecret(row);
      },
      async listPage(afterId, limit) {
        const rows = await db
          .selectFrom('totp_secrets')
          .selectAll()
          .where('id', '>', afterId)
          .orderBy('id')
          .limit(limit)
          .execute();
        return rows.map(toSecret);
      },
      async replaceSealed(id, from, to) {
        const result = await db
          .updateTable('totp_secrets')
          .set({ sealed_secret: to })
          .where('id', '=', id)
          .where('sealed_secret', '=', from)
          .executeTakeFirst();
        return changed(result);
      },
      async findPending(userId, since) {
        const row = await db
          .selectFrom('totp_secrets')
          .selectAll()
          .where('user_id', '=', userId)
          .where('confirmed_at', 'is', null)
          .where('created_at', '>=', since)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .executeTakeFirst();
        return row && toSecret(row);
      },
      async confirm(userId, id, step, at) {
        const result = await db
          .updateTable('totp_secrets')
          .set({ confirmed_at: at, last_step: step })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('confirmed_at', 'is', null)
          .executeTakeFirst();
        if (!changed(result)) return false;
        await db.deleteFrom('totp_secrets').where('user_id', '=', userId).where('id', '!=', id).execute();
        return true;
      },
      async takeStep(id, step) {
        const result = await db
          .updateTable('totp_secrets')
          .set({ last_step: step })
          .where('id', '=', id)
          .where('confirmed_at', 'is not', null)
          .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
          .executeTakeFirst();
        return changed(result);
      },
      async removeAllForUser(userId) {
        await db.deleteFrom('totp_secrets').where('user_id', '=', userId).execute();
      },
    },

    recoveryCodes: {
      async replace(userId, codes, at) {
        await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        if (codes.length === 0) return;
        await db
          .insertInto('recovery_codes')
          .values(
            codes.map((code) => ({
              id: code.id,
              user_id: userId,
              code_hash: code.codeHash,
              created_at: at,
              used_at: null,
            })),
          )
          .execute();
      },
      async use(userId, codeHash, at) {
        const result = await db
          .updateTable('recovery_codes')
          .set({ used_at: at })
          .where('user_id', '=', userId)
          .where('code_hash', '=', codeHash)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },
      async countUnused(userId) {
        const row = await db
          .selectFrom('recovery_codes')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .executeTakeFirstOrThrow();
        return integer(row.count as number);
      },
      async removeAllForUser(userId) {
        await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      },
    },

    secondSteps: {
      async insert(step) {
        await db
          .insertInto('second_steps')
          .values({
            id: step.id,
            token_hash: step.tokenHash,
            binding_hash: step.bindingHash,
            user_id: step.userId,
            first_method: step.firstMethod,
            first_amr: jsonList(step.firstAmr),
            save: flag(step.save),
            attempts: step.attempts,
            created_at: step.createdAt,
            expires_at: step.expiresAt,
            used_at: step.usedAt,
          })
          .execute();
      },
      async find(tokenHash, bindingHash, at) {
        const row = await db
          .selectFrom('second_steps')
          .selectAll()
          .where('token_hash', '=', tokenHash)
          .where('binding_hash', '=', bindingHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .executeTakeFirst();
        return row && toSecondStep(row);
      },
      async takeAttempt(id, maxAttempts) {
        const result = await db
          .updateTable('second_steps')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('attempts', '<', maxAttempts)
          .executeTakeFirst();
        return changed(result);
      },
      async markUsed(id, at) {
        const result = await db
          .updateTable('second_steps')
          .set({ used_at: at })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },
      async sweepExpired(before) {
        const result = await db.deleteFrom('second_steps').where('expires_at', '<', before).executeTakeFirst();
        return Number(result.numDeletedRows);
      },
    },
  };
}
