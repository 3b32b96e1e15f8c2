/**
 * The Storage interface over Kysely. The queries use only what SQLite and PostgreSQL share — the
 * `ON CONFLICT … DO NOTHING` and `ON CONFLICT … DO UPDATE SET … WHERE` upserts and `RETURNING`,
 * which both spell alike (SQLite since 3.35) — so one implementation serves both. A limit that
 * must hold under concurrency is one such statement (an upsert or an update that counts only when
 * the count allows), never a read followed by a write.
 */
import { sql, type Kysely, type Selectable, type SqlBool, type Transaction } from 'kysely';
import type { ContactType } from '../lib/contacts.js';
import type {
  AuthorizationCodesTable,
  Database,
  OAuthClientsTable,
  OtpCodesTable,
  RefreshTokensTable,
  VerificationsTable,
} from './schema.js';
import { createGroupCommit } from './group-commit.js';
import { personalStorageOn } from './kysely-personal-storage.js';
import { securityStorageOn } from './kysely-security-storage.js';
import { toSession } from './session-row.js';
import { toUser, userRow } from './user-row.js';
import type {
  AuthorizationCode,
  ClientKind,
  CodeCloseReason,
  Grant,
  OAuthClient,
  OtpCode,
  RefreshToken,
  Storage,
  Verification,
} from './storage.js';

const flag = (value: boolean): number => (value ? 1 : 0);
const optionalTime = (value: number | null): number | null => (value === null ? null : Number(value));
const changed = (result: { numUpdatedRows: bigint }): boolean => result.numUpdatedRows > 0n;

function toCode(row: Selectable<OtpCodesTable>): OtpCode {
  return {
    id: row.id,
    purpose: row.purpose,
    contactType: row.contact_type as ContactType,
    contact: row.contact,
    codeHash: row.code_hash,
    channel: row.channel as OtpCode['channel'],
    ip: row.ip,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    attempts: row.attempts,
    closedAt: row.closed_at === null ? null : Number(row.closed_at),
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
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    usedAt: row.used_at === null ? null : Number(row.used_at),
    userId: row.user_id,
  };
}

function toRefreshToken(row: Selectable<RefreshTokensTable>): RefreshToken {
  return {
    id: row.id,
    sessionId: row.session_id,
    tokenHash: row.token_hash,
    parentId: row.parent_id,
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    rotatedAt: row.rotated_at === null ? null : Number(row.rotated_at),
  };
}

/** A JSON array of strings stored as text; anything else in the column is a broken row, not a value. */
function stringList(text: string, column: string): string[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
    throw new Error(`oauth_clients.${column} is not a JSON array of strings`);
  }
  return value;
}

function toClient(row: Selectable<OAuthClientsTable>): OAuthClient {
  return {
    id: row.id,
    name: row.name,
    logoUrl: row.logo_url,
    homePage: row.home_page,
    redirectUris: stringList(row.redirect_uris, 'redirect_uris'),
    webOrigins: stringList(row.web_origins, 'web_origins'),
    scopes: stringList(row.scopes, 'scopes'),
    postLogoutRedirectUris: stringList(row.post_logout_redirect_uris, 'post_logout_redirect_uris'),
    firstParty: row.first_party === 1,
    kind: row.kind as ClientKind,
    secretHash: row.secret_hash,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

function toAuthorizationCode(row: Selectable<AuthorizationCodesTable>): AuthorizationCode {
  return {
    id: row.id,
    codeHash: row.code_hash,
    clientId: row.client_id,
    userId: row.user_id,
    redirectUri: row.redirect_uri,
    scope: row.scope,
    codeChallenge: row.code_challenge,
    codeChallengeMethod: row.code_challenge_method,
    nonce: row.nonce,
    ssoSessionId: row.sso_session_id,
    authTime: Number(row.auth_time),
    createdAt: Number(row.created_at),
    expiresAt: Number(row.expires_at),
    usedAt: optionalTime(row.used_at),
    sessionId: row.session_id,
  };
}

function toGrant(row: { user_id: string; client_id: string; scope: string; created_at: number }): Grant {
  return { userId: row.user_id, clientId: row.client_id, scope: row.scope, createdAt: Number(row.created_at) };
}

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
 * The storage methods over `db`. `transaction` is null inside a transaction: a transaction opened
 * there joins the outer one, which decides.
 */
function storageOn(db: Kysely<Database>, transaction: (<T>(work: (tx: Storage) => Promise<T>) => Promise<T>) | null): Storage {
  return {
    ...personalStorageOn(db),
    ...securityStorageOn(db),

    async transaction(work) {
      return transaction ? transaction(work) : work(this);
    },

    async close() {
      await db.destroy();
    },

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
          .where('email_verified', '=', 1)
          .executeTakeFirst();
        return row && toUser(row);
      },
      async releaseUnverifiedEmail(email, at) {
        await db
          .updateTable('users')
          .set({ email: null, updated_at: at })
          .where('email', '=', email)
          .where('email_verified', '=', 0)
          .execute();
      },
      async setPasswordHash(id, passwordHash, at) {
        await db
          .updateTable('users')
          .set({ password_hash: passwordHash, password_changed_at: at, updated_at: at })
          .where('id', '=', id)
          .execute();
      },
    },

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
        return Number(row.count);
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
    },

    sessions: {
      async insert(session) {
        await db
          .insertInto('sessions')
          .values({
            id: session.id,
            user_id: session.userId,
            device_id: session.deviceId,
            user_agent: session.userAgent,
            ip: session.ip,
            source: session.source,
            product_source: session.productSource,
            oauth_client_id: session.oauthClientId,
            save: flag(session.save),
            created_at: session.createdAt,
            last_seen_at: session.lastSeenAt,
            ended_at: session.endedAt,
            end_reason: session.endReason,
            kind: session.kind,
            scope: session.scope,
            auth_time: session.authTime,
          })
          .execute();
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
        return Number(result.numUpdatedRows);
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
        return Number(result.numUpdatedRows);
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
          lastSeenAt: Number(row.device_last_seen_at),
          hasActiveSession: Number(row.session_count) > Number(row.ended_count),
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
    },

    throttle: {
      async get(scope, key) {
        const row = await db
          .selectFrom('login_throttle')
          .selectAll()
          .where('scope', '=', scope)
          .where('key', '=', key)
          .executeTakeFirst();
        return (
          row && {
            scope: row.scope,
            key: row.key,
            failures: row.failures,
            lastFailureAt: Number(row.last_failure_at),
            lockedUntil: optionalTime(row.locked_until),
            pending: row.pending,
            pendingUntil: optionalTime(row.pending_until),
          }
        );
      },
      async reserve(scope, key, { at, freeFailures, forgetBefore, pendingUntil }) {
        // Every SET and the WHERE of an upsert read the row as it was before this statement.
        const forgotten = sql<SqlBool>`login_throttle.last_failure_at < ${forgetBefore}`;
        const failures = sql<number>`(CASE WHEN ${forgotten} THEN 0 ELSE login_throttle.failures END)`;
        const pending = sql<number>`(CASE WHEN login_throttle.pending_until > ${at} THEN login_throttle.pending ELSE 0 END)`;
        const unlocked = sql<SqlBool>`(${forgotten} OR login_throttle.locked_until IS NULL OR login_throttle.locked_until <= ${at})`;
        const row = await db
          .insertInto('login_throttle')
          .values({ scope, key, failures: 0, last_failure_at: at, locked_until: null, pending: 1, pending_until: pendingUntil })
          .onConflict((conflict) =>
            conflict
              .columns(['scope', 'key'])
              .doUpdateSet({
                failures,
                pending: sql<number>`${pending} + 1`,
                pending_until: pendingUntil,
                locked_until: sql<number | null>`(CASE WHEN ${forgotten} THEN NULL ELSE login_throttle.locked_until END)`,
              })
              // Ahead while the key stays unlocked even if every attempt under way fails, or when
              // nothing is under way and no lock holds (the one try a lock's end allows).
              .where(sql<SqlBool>`(${failures} + ${pending} < ${freeFailures} OR (${pending} = 0 AND ${unlocked}))`),
          )
          .returning('pending')
          .executeTakeFirst();
        return row !== undefined;
      },
      async settleFailure(scope, key, at) {
        const row = await db
          .insertInto('login_throttle')
          .values({ scope, key, failures: 1, last_failure_at: at, locked_until: null, pending: 0, pending_until: null })
          .onConflict((conflict) =>
            conflict.columns(['scope', 'key']).doUpdateSet({
              failures: sql<number>`login_throttle.failures + 1`,
              pending: sql<number>`(CASE WHEN login_throttle.pending > 0 THEN login_throttle.pending - 1 ELSE 0 END)`,
              last_failure_at: at,
            }),
          )
          .returning('failures')
          .executeTakeFirstOrThrow();
        return row.failures;
      },
      async lockUntil(scope, key, until) {
        await db
          .updateTable('login_throttle')
          .set({ locked_until: until })
          .where('scope', '=', scope)
          .where('key', '=', key)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', until)]))
          .execute();
      },
      async release(scope, key) {
        const dropped = await db
          .deleteFrom('login_throttle')
          .where('scope', '=', scope)
          .where('key', '=', key)
          .where('failures', '=', 0)
          .where('pending', '<=', 1)
          .executeTakeFirst();
        if (dropped.numDeletedRows > 0n) return;
        await db
          .updateTable('login_throttle')
          .set({ pending: sql<number>`(CASE WHEN pending > 0 THEN pending - 1 ELSE 0 END)` })
          .where('scope', '=', scope)
          .where('key', '=', key)
          .execute();
      },
      async remove(scope, key) {
        await db.deleteFrom('login_throttle').where('scope', '=', scope).where('key', '=', key).execute();
      },
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

    outbox: {
      async add(message) {
        await db
          .insertInto('outbox')
          .values({
            id: message.id,
            channel: message.channel,
            recipient: message.recipient,
            code: message.code,
            text: message.text,
            created_at: message.createdAt,
          })
          .execute();
      },
      async list(limit) {
        const rows = await db
          .selectFrom('outbox')
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
        return rows.map((row) => ({
          id: row.id,
          channel: row.channel as 'sms' | 'call' | 'email',
          recipient: row.recipient,
          code: row.code,
          text: row.text,
          createdAt: Number(row.created_at),
        }));
      },
    },

    signingKeys: {
      async listActive() {
        const rows = await db
          .selectFrom('signing_keys')
          .selectAll()
          .where('retired_at', 'is', null)
          .orderBy('created_at', 'desc')
          .execute();
        return rows.map((row) => ({
          kid: row.kid,
          alg: row.alg,
          privateJwk: row.private_jwk,
          publicJwk: row.public_jwk,
          createdAt: Number(row.created_at),
          retiredAt: row.retired_at === null ? null : Number(row.retired_at),
        }));
      },
      async insert(key) {
        await db
          .insertInto('signing_keys')
          .values({
            kid: key.kid,
            alg: key.alg,
            private_jwk: key.privateJwk,
            public_jwk: key.publicJwk,
            created_at: key.createdAt,
            retired_at: key.retiredAt,
          })
          .execute();
      },
    },

    clients: {
      async find(id) {
        const row = await db.selectFrom('oauth_clients').selectAll().where('id', '=', id).executeTakeFirst();
        return row && toClient(row);
      },
      async list() {
        const rows = await db.selectFrom('oauth_clients').selectAll().orderBy('id').execute();
        return rows.map(toClient);
      },
      async upsert(client) {
        const values = {
          name: client.name,
          logo_url: client.logoUrl,
          home_page: client.homePage,
          redirect_uris: JSON.stringify(client.redirectUris),
          web_origins: JSON.stringify(client.webOrigins),
          scopes: JSON.stringify(client.scopes),
          post_logout_redirect_uris: JSON.stringify(client.postLogoutRedirectUris),
          first_party: flag(client.firstParty),
          kind: client.kind,
          secret_hash: client.secretHash,
          updated_at: client.updatedAt,
        };
        const result = await db.updateTable('oauth_clients').set(values).where('id', '=', client.id).executeTakeFirst();
        if (!changed(result)) {
          await db.insertInto('oauth_clients').values({ id: client.id, created_at: client.createdAt, ...values }).execute();
        }
      },
    },

    authorizationCodes: {
      async insert(code) {
        await db
          .insertInto('authorization_codes')
          .values({
            id: code.id,
            code_hash: code.codeHash,
            client_id: code.clientId,
            user_id: code.userId,
            redirect_uri: code.redirectUri,
            scope: code.scope,
            code_challenge: code.codeChallenge,
            code_challenge_method: code.codeChallengeMethod,
            nonce: code.nonce,
            sso_session_id: code.ssoSessionId,
            auth_time: code.authTime,
            created_at: code.createdAt,
            expires_at: code.expiresAt,
            used_at: code.usedAt,
            session_id: code.sessionId,
          })
          .execute();
      },
      async findByHash(codeHash) {
        const row = await db.selectFrom('authorization_codes').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
        return row && toAuthorizationCode(row);
      },
      async markUsed(id, at, sessionId) {
        const result = await db
          .updateTable('authorization_codes')
          .set({ used_at: at, session_id: sessionId })
          .where('id', '=', id)
          .where('used_at', 'is', null)
          .executeTakeFirst();
        return changed(result);
      },
      async issuedInSignIn(ssoSessionId, clientId) {
        const row = await db
          .selectFrom('authorization_codes')
          .select('id')
          .where('sso_session_id', '=', ssoSessionId)
          .where('client_id', '=', clientId)
          .limit(1)
          .executeTakeFirst();
        return row !== undefined;
      },
    },

    grants: {
      async insert(userId, clientId, scopes, at) {
        if (scopes.length === 0) return;
        await db
          .insertInto('oauth_grants')
          .values(scopes.map((scope) => ({ user_id: userId, client_id: clientId, scope, created_at: at })))
          .onConflict((conflict) => conflict.columns(['user_id', 'client_id', 'scope']).doNothing())
          .execute();
      },
      async listForClient(userId, clientId) {
        const rows = await db
          .selectFrom('oauth_grants')
          .selectAll()
          .where('user_id', '=', userId)
          .where('client_id', '=', clientId)
          .orderBy('created_at')
          .orderBy('scope')
          .execute();
        return rows.map(toGrant);
      },
      async listByUser(userId) {
        const rows = await db
          .selectFrom('oauth_grants')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .orderBy('client_id')
          .orderBy('scope')
          .execute();
        return rows.map(toGrant);
      },
      async remove(userId, clientId) {
        const result = await db
          .deleteFrom('oauth_grants')
          .where('user_id', '=', userId)
          .where('client_id', '=', clientId)
          .executeTakeFirst();
        return Number(result.numDeletedRows);
      },
    },

    secrets: {
      async getOrCreate(name, create, at) {
        const existing = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
        if (existing) return existing.value;
        await db.insertInto('server_secrets').values({ name, value: create(), created_at: at }).execute();
        const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
        return row.value;
      },
    },
  };
}
