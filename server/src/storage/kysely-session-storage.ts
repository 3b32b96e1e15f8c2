/**
 * The sessions part of the storage over Kysely: sign-ins, their refresh-token families (rotated on
 * every use, RFC 9700 §4.14.2), which of them are still open, and every one of them for the export.
 */
import type { Kysely, Selectable } from 'kysely';
import { changed, integer, optionalInteger } from './dialect.js';
import type { Database, RefreshTokensTable } from './schema.js';
import { sessionRow, toSession } from './session-row.js';
import type { RefreshToken, SessionStorage } from './session-storage.js';
import { toUser } from './user-row.js';

function toRefreshToken(row: Selectable<RefreshTokensTable>): RefreshToken {
  return {
    id: row.id,
    sessionId: row.session_id,
    tokenHash: row.token_hash,
    parentId: row.parent_id,
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    rotatedAt: optionalInteger(row.rotated_at),
  };
}

export function sessionStorageOn(db: Kysely<Database>): SessionStorage {
  return {
    sessions: {
      async insert(session) {
        await db.insertInto('sessions').values(sessionRow(session)).execute();
      },
      async findById(id) {
        const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
        return row && toSession(row);
      },
      async touch(id, at) {
        await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
      },
      async end(id, at, reason) {
        const result = await db
          .updateTable('sessions')
          .set({ ended_at: at, end_reason: reason })
          .where('id', '=', id)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },
      async endAllForUser(userId, at, reason) {
        const result = await db
          .updateTable('sessions')
          .set({ ended_at: at, end_reason: reason })
          .where('user_id', '=', userId)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        return integer(result.numUpdatedRows);
      },
      async endAllForClient(userId, clientId, at, reason) {
        const result = await db
          .updateTable('sessions')
          .set({ ended_at: at, end_reason: reason })
          .where('user_id', '=', userId)
          .where('oauth_client_id', '=', clientId)
          .where('kind', '=', 'oauth')
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        return integer(result.numUpdatedRows);
      },
      async deviceProfiles(deviceId) {
        const rows = await db
          .selectFrom('sessions')
          .innerJoin('users', 'users.id', 'sessions.user_id')
          .selectAll('users')
          .select((eb) => [
            eb.fn.max('sessions.last_seen_at').as('device_last_seen_at'),
            eb.fn.min('sessions.ended_at').as('min_ended_at'),
            eb.fn.count<number>('sessions.id').as('session_count'),
            eb.fn.count<number>('sessions.ended_at').as('ended_count'),
          ])
          .where('sessions.device_id', '=', deviceId)
          .groupBy('users.id')
          .orderBy('device_last_seen_at', 'desc')
          .execute();
        return rows.map((row) => ({
          user: toUser(row),
          lastSeenAt: integer(row.device_last_seen_at),
          hasActiveSession: integer(row.session_count) > integer(row.ended_count),
        }));
      },
    },

    refreshTokens: {
      async insert(token) {
        await db
          .insertInto('refresh_tokens')
          .values({
            id: token.id,
            session_id: token.sessionId,
            token_hash: token.tokenHash,
            parent_id: token.parentId,
            created_at: token.createdAt,
            expires_at: token.expiresAt,
            rotated_at: token.rotatedAt,
          })
          .execute();
      },
      async findByHash(tokenHash) {
        const row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
        return row && toRefreshToken(row);
      },
      async markRotated(id, at) {
        const result = await db.updateTable('refresh_tokens').set({ rotated_at: at }).where('id', '=', id).where('rotated_at', 'is', null).executeTakeFirst();
        return changed(result);
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
        return integer(result.numUpdatedRows);
      },
    },

    sessionHistory: {
      async listByUser(userId) {
        const rows = await db.selectFrom('sessions').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
        return rows.map(toSession);
      },
    },
  };
}
