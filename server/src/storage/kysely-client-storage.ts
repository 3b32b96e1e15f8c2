/**
 * The OAuth part of the storage over Kysely: registered clients, the authorization codes issued to
 * them (single use, RFC 6749 §4.1.2), and the scopes each user has granted each client.
 */
import type { Kysely, Selectable } from 'kysely';
import type { AuthorizationCode, ClientKind, ClientStorage, Grant, OAuthClient } from './client-storage.js';
import { changed, deleted, flag, integer, isSet, jsonList, optionalInteger, optionalList } from './dialect.js';
import type { AuthorizationCodesTable, Database, OAuthClientsTable } from './schema.js';

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
    privacyPolicyUrl: row.privacy_policy_url,
    termsUrl: row.terms_url,
    redirectUris: stringList(row.redirect_uris, 'redirect_uris'),
    webOrigins: stringList(row.web_origins, 'web_origins'),
    scopes: stringList(row.scopes, 'scopes'),
    postLogoutRedirectUris: stringList(row.post_logout_redirect_uris, 'post_logout_redirect_uris'),
    firstParty: isSet(row.first_party),
    kind: row.kind as ClientKind,
    secretHash: row.secret_hash,
    secretCreatedAt: optionalInteger(row.secret_created_at),
    ownerId: row.owner_id,
    createdAt: integer(row.created_at),
    updatedAt: integer(row.updated_at),
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
    authTime: integer(row.auth_time),
    createdAt: integer(row.created_at),
    expiresAt: integer(row.expires_at),
    usedAt: optionalInteger(row.used_at),
    sessionId: row.session_id,
    amr: optionalList(row.amr),
    acr: row.acr,
  };
}

function toGrant(row: { user_id: string; client_id: string; scope: string; created_at: number }): Grant {
  return { userId: row.user_id, clientId: row.client_id, scope: row.scope, createdAt: integer(row.created_at) };
}

export function clientStorageOn(db: Kysely<Database>): ClientStorage {
  return {
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
          privacy_policy_url: client.privacyPolicyUrl,
          terms_url: client.termsUrl,
          redirect_uris: JSON.stringify(client.redirectUris),
          web_origins: JSON.stringify(client.webOrigins),
          scopes: JSON.stringify(client.scopes),
          post_logout_redirect_uris: JSON.stringify(client.postLogoutRedirectUris),
          first_party: flag(client.firstParty),
          kind: client.kind,
          secret_hash: client.secretHash,
          secret_created_at: client.secretCreatedAt,
          owner_id: client.ownerId,
          updated_at: client.updatedAt,
        };
        // One statement (SQLite and PostgreSQL both have ON CONFLICT): two instances seeding the same client
        // at the same start never race an update-then-insert into a duplicate key.
        await db
          .insertInto('oauth_clients')
          .values({ id: client.id, created_at: client.createdAt, ...values })
          .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
          .execute();
      },
      async listByOwner(ownerId) {
        const rows = await db
          .selectFrom('oauth_clients')
          .selectAll()
          .where('owner_id', '=', ownerId)
          .orderBy('created_at')
          .orderBy('id')
          .execute();
        return rows.map(toClient);
      },
      async countByOwner(ownerId) {
        const row = await db
          .selectFrom('oauth_clients')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow();
        return integer(row.count);
      },
      async remove(id, at, reason) {
        // The foreign keys would cascade too; deleting explicitly keeps this true on a database whose
        // constraints were loosened, and ends the sessions, which have no foreign key to the client.
        await db.deleteFrom('authorization_codes').where('client_id', '=', id).execute();
        await db.deleteFrom('oauth_grants').where('client_id', '=', id).execute();
        await db
          .updateTable('sessions')
          .set({ ended_at: at, end_reason: reason })
          .where('oauth_client_id', '=', id)
          .where('kind', '=', 'oauth')
          .where('ended_at', 'is', null)
          .execute();
        return deleted(await db.deleteFrom('oauth_clients').where('id', '=', id).executeTakeFirst());
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
            amr: jsonList(code.amr),
            acr: code.acr,
          })
          .execute();
      },
      async findByHash(codeHash) {
        const row = await db
          .selectFrom('authorization_codes')
          .selectAll()
          .where('code_hash', '=', codeHash)
          .executeTakeFirst();
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
        return integer(result.numDeletedRows);
      },
    },
  };
}
