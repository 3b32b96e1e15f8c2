/**
 * Sessions and their tokens. A session is one sign-in on one device and is also the refresh-token
 * family: every refresh rotates the token; a rotated token presented again after the grace window
 * ends the session, so a thief and the owner cannot both go on (RFC 9700 §4.14.2).
 *
 * Two tabs refreshing at once (docs/decisions.md): the immediately previous token — rotated less
 * than REFRESH_REUSE_GRACE_SECONDS ago, and whose successor has not been used yet — may be presented
 * again, and gets the same successor refresh token as the first presentation (with an access token
 * of its own), so the family stays one chain with one live refresh token, however many presentations
 * race. Any other presentation of a rotated token is reuse. A session also has an absolute lifetime
 * from its sign-in that no refresh extends (ASVS 10.4.8).
 *
 * An OAuth client's authorization is a session too (kind `oauth`), with the same refresh-token
 * family. Its tokens and the SPA's are kept apart in both directions: the SPA's API and refresh
 * endpoint take only `sso` sessions, the OAuth endpoints only `oauth` sessions of the right client.
 */
import {
  REFRESH_REUSE_GRACE_SECONDS,
  SESSION_LIFETIME_SAVED_SECONDS,
  SESSION_LIFETIME_UNSAVED_SECONDS,
} from '../config/policy.js';
import type { TokenPair } from '../contract/tokens.js';
import { TokenError } from '../lib/api-error.js';
import type { Clock } from '../lib/clock.js';
import type { AccessTokenSigner } from '../lib/jwt.js';
import { hmacSha256, randomId, randomSecret, sha256 } from '../lib/secrets.js';
import type { RequestMeta } from '../lib/request-meta.js';
import type { Session, User } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import { createAccessTokens, type AccessTokens } from './access-tokens.js';
import type { KirishMetrics } from './metrics.js';

export type { Authenticated, ClientAuthenticated } from './access-tokens.js';

/** A session just opened, and its first refresh token; the access token is signed after the commit. */
export interface StartedSession {
  session: Session;
  refresh: string;
}

/** What an OAuth client was granted in one authorization: the data of its session. */
export interface ClientGrant {
  clientId: string;
  /** Space-separated (RFC 6749 §3.3). */
  scope: string;
  /** When the user signed in to Kirish (OpenID Connect Core §2 `auth_time`), ms. */
  authTime: number;
  /** How (RFC 8176 `amr`, services/amr.ts); null when not known. */
  amr: string[] | null;
  /** The `acr` the request asked for and the sign-in met; null when none was asked for. */
  acr: string | null;
}

export type EndReason =
  | 'logout'
  | 'refresh_reuse'
  | 'password_reset'
  | 'password_change'
  | 'ended_by_user'
  /** An authorization code was redeemed a second time (RFC 6749 §4.1.2). */
  | 'code_reuse'
  /** The client revoked a token of the session (RFC 7009). */
  | 'revoked'
  /** The user took the client's access back. */
  | 'grant_revoked'
  /** OpenID RP-Initiated Logout. */
  | 'rp_logout';

/** The access tokens' part (services/access-tokens.ts): `accessToken` signs, the other two verify. */
export interface SessionService extends Pick<AccessTokens, 'authenticate' | 'authenticateClient'> {
  /**
   * Opens a session inside the caller's transaction and returns its first refresh token. `amr` says
   * how the person signed in (services/amr.ts; null when Kirish cannot name it): every way in passes it.
   */
  start(
    tx: Storage,
    user: User,
    meta: RequestMeta,
    save: boolean,
    amr: readonly string[] | null,
  ): Promise<StartedSession>;
  /**
   * Opens the session of one OAuth authorization inside the caller's transaction, with the id the
   * caller chose (it records the id on the authorization code first).
   */
  startForClient(
    tx: Storage,
    sessionId: string,
    user: User,
    grant: ClientGrant,
    meta: RequestMeta,
  ): Promise<StartedSession>;
  /**
   * A session of its own for a partner's frame that joins the live `sso` sign-in `parent` of this
   * browser (docs/fedcm.md), inside the caller's transaction: the sessions page lists it with the
   * partner's origin, "end other sessions" and a password change end it, and ending the parent ends
   * it too. It lives no longer than the parent (the same sign-in time) and is no device's session,
   * so no cookie vouches for it. Null when the parent is no longer live.
   */
  join(
    tx: Storage,
    parent: Session,
    meta: Pick<RequestMeta, 'ip' | 'userAgent'>,
    partnerOrigin: string,
  ): Promise<StartedSession | null>;
  /** services/access-tokens.ts `sign`. */
  accessToken: AccessTokens['sign'];
  /** The SPA's refresh (POST /TokenRefresh/): only `sso` sessions. */
  refresh(refreshToken: string): Promise<TokenPair>;
  /**
   * Rotates a refresh token of a live session that `admits` accepts, with reuse detection (inside
   * the grace window the previous token gets the same successor again); null when the token is
   * unknown, expired, past the session's lifetime, ended, reused or not admitted. A session that is not
   * admitted is left exactly as it was: a token shown to the wrong endpoint or client is refused,
   * not rotated.
   */
  rotate(refreshToken: string, admits: (session: Session) => boolean): Promise<StartedSession | null>;
  end(sessionId: string, reason: EndReason): Promise<void>;
}

/**
 * When the session ends, however often it is refreshed (OWASP ASVS 10.4.8, 7.3.2): its lifetime
 * counted from the sign-in — for an OAuth client's session, from the sign-in to Kirish that
 * authorized it, so no token outlives the password entry it descends from by more than that.
 */
export function sessionEndsAt(session: Session): number {
  const lifetimeSeconds = session.save ? SESSION_LIFETIME_SAVED_SECONDS : SESSION_LIFETIME_UNSAVED_SECONDS;
  return (session.authTime ?? session.createdAt) + lifetimeSeconds * 1000;
}

/** A refresh token of the session's family (a random one unless given); only its hash is stored. */
async function issueRefresh(
  tx: Storage,
  session: Session,
  parentId: string | null,
  now: number,
  token = randomSecret(),
): Promise<string> {
  await tx.refreshTokens.insert({
    id: randomId(),
    sessionId: session.id,
    tokenHash: sha256(token),
    parentId,
    createdAt: now,
    expiresAt: sessionEndsAt(session),
    rotatedAt: null,
  });
  return token;
}

/**
 * `refreshKey` is the server secret (server_secrets) that derives each refresh token's successor.
 */
export function createSessionService(
  storage: Storage,
  clock: Clock,
  signer: AccessTokenSigner,
  refreshKey: string,
  /** Counts the rotations by outcome (issue 13). */
  metrics?: Pick<KirishMetrics, 'refresh'>,
): SessionService {
  /**
   * The successor of a refresh token: derived from it under the server secret instead of drawn at
   * random, so every presentation of a token gets the same successor — a second tab inside the grace
   * window joins the one chain instead of starting another (RFC 9700 §4.14.2). Without the secret
   * nobody can derive it; it is as unguessable as a random token (HMAC-SHA-256, 256 bits).
   */
  const successorOf = (token: string) => hmacSha256(refreshKey, `refresh-successor:${token}`);

  const accessTokens = createAccessTokens(storage, signer);
  const signAccess = accessTokens.sign;

  type Rotation = { ok: true; session: Session; refresh: string } | { ok: false; reused?: true };

  async function rotate(refreshToken: string, admits: (session: Session) => boolean): Promise<StartedSession | null> {
    const now = clock.now();
    const successor = successorOf(refreshToken);
    const rotation = await storage.transaction(async (tx): Promise<Rotation> => {
      const current = await tx.refreshTokens.findByHash(sha256(refreshToken));
      if (!current) return { ok: false };
      const session = await tx.sessions.findById(current.sessionId);
      if (!session || session.endedAt !== null || !admits(session)) return { ok: false };
      // Past the absolute lifetime nothing refreshes, whatever a token issued before it was set says.
      if (now >= current.expiresAt || now >= sessionEndsAt(session)) return { ok: false };

      // Of concurrent presentations of the current token exactly one marks it rotated (on
      // PostgreSQL the others wait for that row's lock, then find it rotated) and stores the successor.
      if (current.rotatedAt === null && (await tx.refreshTokens.markRotated(current.id, now))) {
        await tx.sessions.touch(session.id, now);
        return { ok: true, session, refresh: await issueRefresh(tx, session, current.id, now, successor) };
      }
      // Rotated already. Inside the grace window, while its successor is still the family's newest
      // token, it gets that successor again: nothing new is issued, so the chain cannot fork.
      const rotatedAt = current.rotatedAt ?? now;
      const next = await tx.refreshTokens.findByHash(sha256(successor));
      if (
        next?.parentId === current.id &&
        next.rotatedAt === null &&
        now - rotatedAt <= REFRESH_REUSE_GRACE_SECONDS * 1000
      ) {
        return { ok: true, session, refresh: successor };
      }
      // Reuse of a rotated token: someone holds a copy. End the whole family, and commit that.
      await tx.sessions.end(session.id, now, 'refresh_reuse');
      return { ok: false, reused: true };
    });
    metrics?.refresh(rotation.ok ? 'success' : rotation.reused ? 'reuse_detected' : 'invalid');
    return rotation.ok ? { session: rotation.session, refresh: rotation.refresh } : null;
  }

  return {
    async start(tx, user, meta, save, amr) {
      const now = clock.now();
      const session: Session = {
        id: randomId(),
        userId: user.id,
        deviceId: meta.deviceId,
        userAgent: meta.userAgent,
        ip: meta.ip,
        source: meta.source,
        productSource: meta.productSource,
        oauthClientId: meta.oauthClientId,
        save,
        createdAt: now,
        lastSeenAt: now,
        endedAt: null,
        endReason: null,
        kind: 'sso',
        scope: null,
        authTime: null,
        parentSessionId: null,
        partnerOrigin: null,
        amr: amr === null ? null : [...amr],
        acr: null,
      };
      await tx.sessions.insert(session);
      return { session, refresh: await issueRefresh(tx, session, null, now) };
    },

    async startForClient(tx, sessionId, user, grant, meta) {
      const now = clock.now();
      const session: Session = {
        id: sessionId,
        userId: user.id,
        // Not the partner's device: the account chooser lists sign-ins to Kirish only.
        deviceId: null,
        userAgent: meta.userAgent,
        ip: meta.ip,
        source: 'oauth',
        productSource: null,
        oauthClientId: grant.clientId,
        // A client keeps its refresh token as long as the user keeps the grant: the longer lifetime.
        save: true,
        createdAt: now,
        lastSeenAt: now,
        endedAt: null,
        endReason: null,
        kind: 'oauth',
        scope: grant.scope,
        authTime: grant.authTime,
        parentSessionId: null,
        partnerOrigin: null,
        amr: grant.amr,
        acr: grant.acr,
      };
      await tx.sessions.insert(session);
      return { session, refresh: await issueRefresh(tx, session, null, now) };
    },

    async join(tx, parent, meta, partnerOrigin) {
      const now = clock.now();
      if (parent.kind !== 'sso' || parent.endedAt !== null || now >= sessionEndsAt(parent)) return null;
      const session: Session = {
        ...parent,
        id: randomId(),
        deviceId: null,
        userAgent: meta.userAgent,
        ip: meta.ip,
        createdAt: now,
        lastSeenAt: now,
        // The parent's sign-in: the joined session cannot outlive it (ASVS 10.4.8 as in sessionEndsAt).
        authTime: parent.authTime ?? parent.createdAt,
        parentSessionId: parent.id,
        partnerOrigin,
      };
      await tx.sessions.insert(session);
      return { session, refresh: await issueRefresh(tx, session, null, now) };
    },

    accessToken: signAccess,

    async refresh(refreshToken) {
      // The common case first, in one atomic step (one statement on PostgreSQL): the current token
      // of an open SPA session. Anything else — a rotated token (a retry in the grace window, or a
      // reuse), an ended or expired session — is looked at closely below, as before.
      const successor = successorOf(refreshToken);
      const current = await storage.refreshTokens.rotateCurrent({
        tokenHash: sha256(refreshToken),
        successor: { id: randomId(), tokenHash: sha256(successor) },
        kind: 'sso',
        at: clock.now(),
        lifetimeMs: { saved: SESSION_LIFETIME_SAVED_SECONDS * 1000, unsaved: SESSION_LIFETIME_UNSAVED_SECONDS * 1000 },
      });
      if (current) {
        metrics?.refresh('success');
        return { access: await signAccess(current), refresh: successor };
      }
      // An OAuth client's refresh token is not the SPA's: refused here, and left unrotated.
      const rotated = await rotate(refreshToken, (session) => session.kind === 'sso');
      if (!rotated) throw new TokenError();
      return { access: await signAccess(rotated.session), refresh: rotated.refresh };
    },

    rotate,

    authenticate: accessTokens.authenticate,
    authenticateClient: accessTokens.authenticateClient,

    async end(sessionId, reason) {
      await storage.sessions.end(sessionId, clock.now(), reason);
    },
  };
}
