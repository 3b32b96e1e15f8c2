/**
 * What the token and revocation endpoints do once the client is authenticated: redeem an
 * authorization code (RFC 6749 §4.1.3, RFC 7636 §4.6), refresh (RFC 6749 §6) and revoke
 * (RFC 7009). Every refusal is `invalid_grant` (or `invalid_scope`), with a description for the
 * client's developers; the codes say nothing more to an attacker.
 */
import { ACCESS_TOKEN_TTL_SECONDS, ID_TOKEN_TTL_SECONDS } from '../../config/policy.js';
import type { OAuthTokenResponse } from '../../contract/oauth-tokens.js';
import type { Clock } from '../../lib/clock.js';
import type { IdTokenSigner } from '../../lib/jwt.js';
import { OAuthError } from '../../lib/oauth-error.js';
import { constantTimeEqual, randomId, sha256 } from '../../lib/secrets.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { joinScope, parseScope, userClaims } from '../../services/scopes.js';
import type { SessionService, StartedSession } from '../../services/session-service.js';
import type { Session, User } from '../../storage/records.js';
import type { AuthorizationCode, OAuthClient, Storage } from '../../storage/storage.js';
import type { OAuthParameters } from './client-auth.js';

export interface OAuthTokenService {
  redeemCode(client: OAuthClient, parameters: OAuthParameters, meta: RequestMeta): Promise<OAuthTokenResponse>;
  refresh(client: OAuthClient, parameters: OAuthParameters): Promise<OAuthTokenResponse>;
  /** Ends the session of a refresh or access token of `client`; anything else is left alone. */
  revoke(client: OAuthClient, token: string): Promise<void>;
}

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;

/** Why the PKCE proof fails (RFC 7636 §4.6), or null when it holds. */
function pkceProblem(code: AuthorizationCode, verifier: string | undefined): string | null {
  if (code.codeChallenge === null) {
    // RFC 9700 §4.8.2: a verifier for a code issued without a challenge is a PKCE downgrade attempt.
    return verifier === undefined ? null : 'code_verifier was sent for a code issued without code_challenge';
  }
  if (verifier === undefined) return 'code_verifier is required';
  if (!CODE_VERIFIER.test(verifier)) return 'code_verifier is malformed';
  // S256: BASE64URL(SHA-256(verifier)) must equal the challenge; sha256() is exactly that encoding.
  if (!constantTimeEqual(sha256(verifier), code.codeChallenge)) return 'code_verifier does not match code_challenge';
  return null;
}

const invalidGrant = (description: string) => new OAuthError('invalid_grant', description);

/** The outcome of a redemption's transaction: a refusal commits too (a replay ends a session). */
type Redemption =
  { ok: true; user: User; started: StartedSession; nonce: string | null } | { ok: false; description: string };
const refuse = (description: string): Redemption => ({ ok: false, description });

export function createOAuthTokenService(deps: {
  storage: Storage;
  clock: Clock;
  sessions: SessionService;
  idTokens: IdTokenSigner;
}): OAuthTokenService {
  const { storage, clock, sessions, idTokens } = deps;

  /** Signs the tokens of `session` for `scope` (after the commit: signing is not storage work). */
  async function tokenResponse(
    session: Session,
    user: User,
    refresh: string,
    scope: string,
    nonce: string | null,
  ): Promise<OAuthTokenResponse> {
    const response: OAuthTokenResponse = {
      access_token: await sessions.accessToken(session, scope),
      token_type: 'Bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      refresh_token: refresh,
      scope,
    };
    const scopes = parseScope(scope);
    if (scopes.includes('openid') && session.oauthClientId !== null) {
      const clientId = session.oauthClientId;
      response.id_token = await idTokens.sign(
        {
          ...userClaims(user, scopes),
          sub: user.id,
          aud: clientId,
          azp: clientId,
          auth_time: Math.floor((session.authTime ?? session.createdAt) / 1000),
          // RFC 8176 §2 values of how the person signed in (services/amr.ts); none when not known, never a guess.
          ...(session.amr === null ? {} : { amr: session.amr }),
          // OpenID Connect Core §2: the acr the request asked for, given only when the sign-in met it.
          ...(session.acr === null ? {} : { acr: session.acr }),
          sid: session.id,
          // OpenID Connect Core §3.1.3.6: the nonce of the request, so the client can tie the token to it.
          ...(nonce === null ? {} : { nonce }),
        },
        ID_TOKEN_TTL_SECONDS,
      );
    }
    return response;
  }

  return {
    async redeemCode(client, parameters, meta) {
      const code = parameters.get('code');
      if (code === undefined) throw new OAuthError('invalid_request', 'code is required');
      const codeHash = sha256(code);
      const now = clock.now();
      const sessionId = randomId();

      const redemption = await storage.transaction(async (tx): Promise<Redemption> => {
        /** RFC 6749 §4.1.2, RFC 9700 §4.2.4: a code used twice was stolen or replayed; what its first use got is revoked. */
        const revokeFirstUse = async (used: AuthorizationCode | undefined) => {
          if (used?.sessionId) await tx.sessions.end(used.sessionId, now, 'code_reuse');
          return refuse('The code was already used');
        };

        const row = await tx.authorizationCodes.findByHash(codeHash);
        if (!row) return refuse('The code is unknown');
        if (row.usedAt !== null) return revokeFirstUse(row);
        if (now > row.expiresAt) return refuse('The code has expired');
        if (row.clientId !== client.id) return refuse('The code was issued to another client');
        // RFC 6749 §4.1.3: the redirect URI of the request, exactly.
        if (parameters.get('redirect_uri') !== row.redirectUri)
          return refuse('redirect_uri differs from the one of the authorization request');
        const pkce = pkceProblem(row, parameters.get('code_verifier'));
        if (pkce) return refuse(pkce);
        const signIn = await tx.sessions.findById(row.ssoSessionId);
        if (!signIn || signIn.endedAt !== null) return refuse('The sign-in that authorized this code has ended');
        const user = await tx.users.findById(row.userId);
        if (!user || user.isInactivated) return refuse('The account is not active');

        // The single-use gate: of concurrent redemptions exactly one marks the code; the others are replays.
        if (!(await tx.authorizationCodes.markUsed(row.id, now, sessionId)))
          return revokeFirstUse(await tx.authorizationCodes.findByHash(codeHash));
        const grant = { clientId: client.id, scope: row.scope, authTime: row.authTime, amr: row.amr, acr: row.acr };
        return {
          ok: true,
          user,
          started: await sessions.startForClient(tx, sessionId, user, grant, meta),
          nonce: row.nonce,
        };
      });

      if (!redemption.ok) throw invalidGrant(redemption.description);
      const { user, started, nonce } = redemption;
      return tokenResponse(started.session, user, started.refresh, started.session.scope ?? '', nonce);
    },

    async refresh(client, parameters) {
      const token = parameters.get('refresh_token');
      if (token === undefined) throw new OAuthError('invalid_request', 'refresh_token is required');
      const requested = parameters.get('scope');
      let scopeRefused = false;

      const rotated = await sessions.rotate(token, (session) => {
        // Another client's token, or the SPA's, is refused and left as it was.
        if (session.kind !== 'oauth' || session.oauthClientId !== client.id) return false;
        if (requested === undefined) return true;
        // RFC 6749 §6: a narrower scope may be asked for, never one beyond the original grant.
        const granted = parseScope(session.scope ?? '');
        const asked = parseScope(requested);
        scopeRefused = asked.length === 0 || asked.some((scope) => !granted.includes(scope));
        return !scopeRefused;
      });
      if (!rotated) {
        if (scopeRefused) throw new OAuthError('invalid_scope', 'scope goes beyond the original grant');
        throw invalidGrant('The refresh token is unknown, expired, revoked or was already used');
      }

      const user = await storage.users.findById(rotated.session.userId);
      if (!user || user.isInactivated) throw invalidGrant('The account is not active');
      const scope = requested === undefined ? (rotated.session.scope ?? '') : joinScope(parseScope(requested));
      // OpenID Connect Core §12.2: a refreshed ID token has no nonce.
      return tokenResponse(rotated.session, user, rotated.refresh, scope, null);
    },

    async revoke(client, token) {
      // RFC 7009 §2.1: the token_type_hint only saves a lookup; both kinds are tried.
      const refresh = await storage.refreshTokens.findByHash(sha256(token));
      const sessionId = refresh ? refresh.sessionId : (await sessions.authenticateClient(token))?.session.id;
      if (sessionId === undefined) return;
      const session = await storage.sessions.findById(sessionId);
      // RFC 7009 §2.1: only the client the token was issued to may revoke it.
      if (session?.kind !== 'oauth' || session.oauthClientId !== client.id) return;
      // The whole session: its refresh tokens and, since every request checks the session, its access tokens (§2.1).
      await sessions.end(session.id, 'revoked');
    },
  };
}
