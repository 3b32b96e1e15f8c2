/**
 * The sessions part of the storage over Kysely: sign-ins, their refresh-token families (rotated on
 * every use, RFC 9700 §4.14.2), which of them are still open, and every one of them for the export.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import { changed, integer, optionalInteger, TRUE } from './dialect.js';
import type { Database, RefreshTokensTable, SessionsTable } from './schema.js';
import { sessionRow, toSession } from './session-row.js';
import type { CurrentRotation, RefreshToken, SessionStorage } from './session-storage.js';
import type { Session } from './records.js';
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

/**
 * rotateCurrent as a sequence of statements, for SQLite: atomic only inside a transaction, which
 * kysely-storage.ts opens around it (the group commit's unit of work).
 */
export async function rotateCurrentInSteps(
  db: Kysely<Database>,
  rotation: CurrentRotation,
): Promise<Session | undefined> {
  const { at, lifetimeMs } = rotation;
  const found = await db
    .selectFrom('refresh_tokens as t')
    .innerJoin('sessions as s', 's.id', 't.session_id')
    .selectAll('s')
    .select(['t.id as token_id', 't.expires_at as token_expires_at'])
    .where('t.token_hash', '=', rotation.tokenHash)
    .where('t.rotated_at', 'is', null)
    .where('t.expires_at', '>', at)
    .where('s.ended_at', 'is', null)
    .where('s.kind', '=', rotation.kind)
    .executeTakeFirst();
  if (!found) return undefined;
  const session = toSession(found);
  const endsAt = (session.authTime ?? session.createdAt) + (session.save ? lifetimeMs.saved : lifetimeMs.unsaved);
  if (at >= endsAt) return undefined;
  const marked = await db
    .updateTable('refresh_tokens')
    .set({ rotated_at: at })
    .where('id', '=', found.token_id)
    .where('rotated_at', 'is', null)
    .executeTakeFirst();
  if (!changed(marked)) return undefined;
  await db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', session.id).execute();
  await db
    .insertInto('refresh_tokens')
    .values({
      id: rotation.successor.id,
      session_id: session.id,
      token_hash: rotation.successor.tokenHash,
      parent_id: found.token_id,
      created_at: at,
      expires_at: integer(found.token_expires_at),
      rotated_at: null,
    })
    .execute();
  return session;
}

/**
 * rotateCurrent as one statement, for PostgreSQL: data-modifying CTEs run atomically without a
 * transaction around them, so a refresh costs one round trip instead of seven (BEGIN, four reads
 * and writes, COMMIT). The UPDATE takes the token's row lock: of concurrent presentations, the
 * others wait, find it rotated when it commits (rotated_at IS NULL re-checked), and get no row.
 */
export async function rotateCurrentInOneStatement(
  db: Kysely<Database>,
  rotation: CurrentRotation,
): Promise<Session | undefined> {
  const { at, lifetimeMs, successor } = rotation;
  // Parameters reach PostgreSQL untyped: the numbers are cast, or `+` and `>` would meet text.
  const result = await sql<SessionsTable & { token_id: string }>`
    WITH current_token AS (
      UPDATE refresh_tokens AS t SET rotated_at = ${at}::bigint
      FROM sessions AS s
      WHERE t.token_hash = ${rotation.tokenHash}
        AND t.rotated_at IS NULL
        AND t.expires_at > ${at}::bigint
        AND s.id = t.session_id
        AND s.ended_at IS NULL
        AND s.kind = ${rotation.kind}
        AND COALESCE(s.auth_time, s.created_at) + CASE WHEN s.save = ${TRUE}::integer THEN ${lifetimeMs.saved}::bigint ELSE ${lifetimeMs.unsaved}::bigint END > ${at}::bigint
      RETURNING t.id AS token_id, t.expires_at AS token_expires_at, s.*
    ), touched AS (
      UPDATE sessions SET last_seen_at = ${at}::bigint WHERE id = (SELECT id FROM current_token)
    ), stored AS (
      INSERT INTO refresh_tokens (id, session_id, token_hash, parent_id, created_at, expires_at, rotated_at)
      SELECT ${successor.id}, id, ${successor.tokenHash}, token_id, ${at}::bigint, token_expires_at, NULL FROM current_token
    )
    SELECT * FROM current_token`.execute(db);
  const row = result.rows[0];
  return row && toSession(row);
}

export function sessionStorageOn(
  db: Kysely<Database>,
  rotateCurrent: (
    db: Kysely<Database>,
    rotation: CurrentRotation,
  ) => Promise<Session | undefined> = rotateCurrentInSteps,
): SessionStorage {
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
          .where((eb) => eb.or([eb('id', '=', id), eb('parent_session_id', '=', id)]))
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
          // Ties in order on every database (PostgreSQL promises no order among equal rows).
          .orderBy('users.id')
          .execute();
        return rows.map((row) => ({
          user: toUser(row),
          lastSeenAt: integer(row.device_last_seen_at),
          hasActiveSession: integer(row.session_count) > integer(row.ended_count),
        }));
      },
      async moveDevice(from, to) {
        if (from.length === 0) return 0;
        const result = await db
          .updateTable('sessions')
          .set({ device_id: to })
          .where('device_id', 'in', from)
          .executeTakeFirst();
        return integer(result.numUpdatedRows);
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
        const row = await db
          .selectFrom('refresh_tokens')
          .selectAll()
          .where('token_hash', '=', tokenHash)
          .executeTakeFirst();
        return row && toRefreshToken(row);
      },
      async markRotated(id, at) {
        const result = await db
          .updateTable('refresh_tokens')
          .set({ rotated_at: at })
          .where('id', '=', id)
          .where('rotated_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },
      rotateCurrent: (rotation) => rotateCurrent(db, rotation),
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
          .orderBy('id', 'desc')
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
      async endJoined(userId, keepSessionId, at, reason) {
        const result = await db
          .updateTable('sessions')
          .set({ ended_at: at, end_reason: reason })
          .where('user_id', '=', userId)
          .where('id', '!=', keepSessionId)
          .where('parent_session_id', 'is not', null)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        return integer(result.numUpdatedRows);
      },
    },

    sessionHistory: {
      async listByUser(userId) {
        const rows = await db
          .selectFrom('sessions')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        return rows.map(toSession);
      },
    },
  };
}
