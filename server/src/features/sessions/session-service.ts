/**
 * Sessions and their tokens. A session is one sign-in on one device and is also the refresh-token
 * family: every refresh rotates the token; a rotated token presented again after the grace window
 * ends the session, so a thief and the owner cannot both go on (RFC 9700 §4.14.2).
 *
 * Two tabs refreshing at once (docs/decisions.md): the immediately previous token — rotated less
 * than REFRESH_REUSE_GRACE_SECONDS ago, and whose successor has not been used yet — may be presented
 * again; each such use gets a fresh pair of its own and the family stays alive. Any other
 * presentation of a rotated token is reuse.
 */
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SAVED_SECONDS,
  REFRESH_TOKEN_TTL_UNSAVED_SECONDS,
} from '../../config/policy.js';
import { TokenError } from '../../lib/api-error.js';
import type { Clock } from '../../lib/clock.js';
import type { AccessTokenSigner } from '../../lib/jwt.js';
import { randomId, randomSecret, sha256 } from '../../lib/secrets.js';
import type { RequestMeta } from '../../middleware/request-meta.js';
import type { Session, Storage, User } from '../../storage/storage.js';

export interface TokenPair {
  access: string;
  refresh: string;
}

/** A session just opened, and its first refresh token; the access token is signed after the commit. */
export interface StartedSession {
  session: Session;
  refresh: string;
}

export interface Authenticated {
  user: User;
  session: Session;
}

export type EndReason = 'logout' | 'refresh_reuse' | 'password_reset' | 'password_change' | 'ended_by_user';

export interface SessionService {
  /** Opens a session inside the caller's transaction and returns its first refresh token. */
  start(tx: Storage, user: User, meta: RequestMeta, save: boolean): Promise<StartedSession>;
  /** Signs an access token for the session (outside any transaction: signing is not storage work). */
  accessToken(session: Session): Promise<string>;
  refresh(refreshToken: string): Promise<TokenPair>;
  authenticate(accessToken: string): Promise<Authenticated>;
  end(sessionId: string, reason: EndReason): Promise<void>;
}

const refreshTtlMs = (save: boolean) => (save ? REFRESH_TOKEN_TTL_SAVED_SECONDS : REFRESH_TOKEN_TTL_UNSAVED_SECONDS) * 1000;

/** A new refresh token in the session's family; only its hash is stored. */
async function issueRefresh(tx: Storage, session: Session, parentId: string | null, now: number): Promise<string> {
  const token = randomSecret();
  await tx.refreshTokens.insert({
    id: randomId(),
    sessionId: session.id,
    tokenHash: sha256(token),
    parentId,
    createdAt: now,
    expiresAt: now + refreshTtlMs(session.save),
    rotatedAt: null,
  });
  return token;
}

export function createSessionService(storage: Storage, clock: Clock, signer: AccessTokenSigner): SessionService {
  const signAccess = (session: Session) =>
    signer.sign({ userId: session.userId, sessionId: session.id }, ACCESS_TOKEN_TTL_SECONDS);

  type Rotation = { ok: true; session: Session; refresh: string } | { ok: false };

  return {
    async start(tx, user, meta, save) {
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
      };
      await tx.sessions.insert(session);
      return { session, refresh: await issueRefresh(tx, session, null, now) };
    },

    accessToken: signAccess,

    async refresh(refreshToken) {
      const now = clock.now();
      const rotation = await storage.transaction(async (tx): Promise<Rotation> => {
        const current = await tx.refreshTokens.findByHash(sha256(refreshToken));
        if (!current) return { ok: false };
        const session = await tx.sessions.findById(current.sessionId);
        if (!session || session.endedAt !== null || now >= current.expiresAt) return { ok: false };

        let rotatedAt = current.rotatedAt;
        if (rotatedAt === null && !(await tx.refreshTokens.markRotated(current.id, now))) rotatedAt = now;
        const stale =
          rotatedAt !== null &&
          (now - rotatedAt > REFRESH_REUSE_GRACE_SECONDS * 1000 || (await tx.refreshTokens.hasRotatedChild(current.id)));
        if (stale) {
          // Reuse of a rotated token: someone holds a copy. End the whole family, and commit that.
          await tx.sessions.end(session.id, now, 'refresh_reuse');
          return { ok: false };
        }
        await tx.sessions.touch(session.id, now);
        return { ok: true, session, refresh: await issueRefresh(tx, session, current.id, now) };
      });
      if (!rotation.ok) throw new TokenError();
      return { access: await signAccess(rotation.session), refresh: rotation.refresh };
    },

    async authenticate(accessToken) {
      const claims = await signer.verify(accessToken);
      if (!claims) throw new TokenError();
      // The session is checked on every request, so ending it takes effect at once, not in 15 minutes.
      const session = await storage.sessions.findById(claims.sessionId);
      if (!session || session.endedAt !== null || session.userId !== claims.userId) throw new TokenError();
      const user = await storage.users.findById(claims.userId);
      if (!user) throw new TokenError();
      return { user, session };
    },

    async end(sessionId, reason) {
      await storage.sessions.end(sessionId, clock.now(), reason);
    },
  };
}
