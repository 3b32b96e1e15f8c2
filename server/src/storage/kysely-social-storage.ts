/**
 * The social sign-in part of the storage over Kysely (social-storage.ts). Single use and expiry are
 * each one statement (an UPDATE … WHERE unused AND unexpired … RETURNING), so of two instances taking
 * the same flow at once exactly one gets it.
 */
import type { Kysely, Selectable } from 'kysely';
import type { SocialProvider } from '../contract/social.js';
import { changed, deleted, flag, integer, isSet, optionalInteger } from './dialect.js';
import type { Database } from './schema.js';
import type { LinkedIdentitiesTable, PendingLinksTable, SocialFlowsTable } from './social-schema.js';
import type { LinkedIdentityRecord, PendingLink, SocialFlow, SocialStorage } from './social-storage.js';

function toIdentity(row: Selectable<LinkedIdentitiesTable>): LinkedIdentityRecord {
  return {
    provider: row.provider as SocialProvider,
    subject: row.subject,
    userId: row.user_id,
    email: row.email,
    emailVerified: isSet(row.email_verified),
    display: row.display,
    linkedAt: integer(row.linked_at),
  };
}

function toFlow(row: Selectable<SocialFlowsTable>): SocialFlow {
  return {
    stateHash: row.state_hash,
    bindingHash: row.binding_hash,
    provider: row.provider as SocialProvider,
    purpose: row.purpose as SocialFlow['purpose'],
    userId: row.user_id,
    nonce: row.nonce,
    codeVerifier: row.code_verifier,
    popup: isSet(row.popup),
    appleUser: row.apple_user,
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    usedAt: optionalInteger(row.used_at),
  };
}

function toPendingLink(row: Selectable<PendingLinksTable>): PendingLink {
  return {
    id: row.id,
    tokenHash: row.token_hash,
    bindingHash: row.binding_hash,
    identity: row.identity,
    provider: row.provider as SocialProvider,
    userId: row.user_id,
    contactType: row.contact_type as PendingLink['contactType'],
    contact: row.contact,
    attempts: integer(row.attempts),
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    usedAt: optionalInteger(row.used_at),
  };
}

export function socialStorageOn(db: Kysely<Database>): SocialStorage {
  return {
    linkedIdentities: {
      async insert(identity) {
        const result = await db
          .insertInto('linked_identities')
          .values({
            provider: identity.provider,
            subject: identity.subject,
            user_id: identity.userId,
            email: identity.email,
            email_verified: flag(identity.emailVerified),
            display: identity.display,
            linked_at: identity.linkedAt,
          })
          .onConflict((conflict) => conflict.columns(['provider', 'subject']).doNothing())
          .executeTakeFirst();
        return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
      },
      async find(provider, subject) {
        const row = await db
          .selectFrom('linked_identities')
          .selectAll()
          .where('provider', '=', provider)
          .where('subject', '=', subject)
          .executeTakeFirst();
        return row && toIdentity(row);
      },
      async listForUser(userId) {
        const rows = await db
          .selectFrom('linked_identities')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('linked_at')
          .orderBy('provider')
          .execute();
        return rows.map(toIdentity);
      },
      async remove(userId, provider) {
        const result = await db
          .deleteFrom('linked_identities')
          .where('user_id', '=', userId)
          .where('provider', '=', provider)
          .executeTakeFirst();
        return deleted(result);
      },
    },

    socialFlows: {
      async insert(flow) {
        await db
          .insertInto('social_flows')
          .values({
            state_hash: flow.stateHash,
            binding_hash: flow.bindingHash,
            provider: flow.provider,
            purpose: flow.purpose,
            user_id: flow.userId,
            nonce: flow.nonce,
            code_verifier: flow.codeVerifier,
            popup: flag(flow.popup),
            apple_user: flow.appleUser,
            created_at: flow.createdAt,
            expires_at: flow.expiresAt,
            used_at: flow.usedAt,
          })
          .execute();
      },
      async keepAppleUser(stateHash, appleUser, at) {
        const result = await db
          .updateTable('social_flows')
          .set({ apple_user: appleUser })
          .where('state_hash', '=', stateHash)
          .where('apple_user', 'is', null)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .executeTakeFirst();
        return changed(result);
      },
      async take(stateHash, bindingHash, at) {
        const row = await db
          .updateTable('social_flows')
          .set({ used_at: at })
          .where('state_hash', '=', stateHash)
          .where('binding_hash', '=', bindingHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .returningAll()
          .executeTakeFirst();
        return row && toFlow(row);
      },
      async sweepExpired(before) {
        const result = await db.deleteFrom('social_flows').where('expires_at', '<', before).executeTakeFirst();
        return Number(result.numDeletedRows);
      },
    },

    pendingLinks: {
      async insert(link) {
        await db
          .insertInto('pending_links')
          .values({
            id: link.id,
            token_hash: link.tokenHash,
            binding_hash: link.bindingHash,
            identity: link.identity,
            provider: link.provider,
            user_id: link.userId,
            contact_type: link.contactType,
            contact: link.contact,
            attempts: link.attempts,
            created_at: link.createdAt,
            expires_at: link.expiresAt,
            used_at: link.usedAt,
          })
          .execute();
      },
      async find(tokenHash, bindingHash, at) {
        const row = await db
          .selectFrom('pending_links')
          .selectAll()
          .where('token_hash', '=', tokenHash)
          .where('binding_hash', '=', bindingHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .executeTakeFirst();
        return row && toPendingLink(row);
      },
      async takeAttempt(id, maxAttempts) {
        const result = await db
          .updateTable('pending_links')
          .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .where('attempts', '<', maxAttempts)
          .executeTakeFirst();
        return changed(result);
      },
      async markUsed(id, at) {
        const result = await db
          .updateTable('pending_links')
          .set({ used_at: at })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },
      async sweepExpired(before) {
        const result = await db.deleteFrom('pending_links').where('expires_at', '<', before).executeTakeFirst();
        return Number(result.numDeletedRows);
      },
    },
  };
}
