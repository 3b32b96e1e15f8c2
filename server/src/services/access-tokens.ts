/**
 * The access tokens of sessions (services/session-service.ts): signed for a session, and taken back
 * on each request only while that session is live. The SPA's tokens and those issued to an OAuth
 * client are kept apart in both directions: the SPA's API takes only `sso` sessions, the OAuth
 * userinfo endpoint only `oauth` sessions of a client still registered.
 */
import { ACCESS_TOKEN_TTL_SECONDS } from '../config/policy.js';
import { TokenError } from '../lib/api-error.js';
import type { AccessTokenSigner } from '../lib/jwt.js';
import type { Session, User } from '../storage/records.js';
import type { OAuthClient, Storage } from '../storage/storage.js';

export interface Authenticated {
  user: User;
  session: Session;
  /** When the access token presented was signed, ms (the sign-in by QR asks a proof of an old one). */
  issuedAt?: number;
}

/** The holder of a valid OAuth access token: whose it is, for which client, with which scope. */
export interface ClientAuthenticated extends Authenticated {
  clientId: string;
  /** The client as registered now: a token of a client no longer registered is never taken. */
  client: OAuthClient;
  scope: string;
}

export interface AccessTokens {
  /**
   * Signs an access token for the session (outside any transaction: signing is not storage work).
   * An `oauth` session's token names its client and carries `scope`, by default the one granted.
   */
  sign(session: Session, scope?: string): Promise<string>;
  /** The SPA's API: a token of an `sso` session, never one issued to an OAuth client. */
  authenticate(accessToken: string): Promise<Authenticated>;
  /** The OAuth userinfo endpoint: only a token issued to an OAuth client, of its live session; else null. */
  authenticateClient(accessToken: string): Promise<ClientAuthenticated | null>;
}

export function createAccessTokens(storage: Storage, signer: AccessTokenSigner): AccessTokens {
  return {
    sign(session, scope) {
      const base = { userId: session.userId, sessionId: session.id };
      if (session.kind === 'sso' || session.oauthClientId === null) return signer.sign(base, ACCESS_TOKEN_TTL_SECONDS);
      const client = { clientId: session.oauthClientId, scope: scope ?? session.scope ?? '' };
      return signer.sign({ ...base, client }, ACCESS_TOKEN_TTL_SECONDS);
    },

    async authenticate(accessToken) {
      const claims = await signer.verify(accessToken);
      // A token issued to an OAuth client must never act on the user's Kirish account: a partner
      // holding one would otherwise reach everything the SPA can (RFC 9068 §4, audience restriction).
      if (!claims || claims.client) throw new TokenError();
      // The session is checked on every request, so ending it takes effect at once, not in 15 minutes.
      const session = await storage.sessions.findById(claims.sessionId);
      if (!session || session.endedAt !== null || session.userId !== claims.userId || session.kind !== 'sso')
        throw new TokenError();
      const user = await storage.users.findById(claims.userId);
      if (!user) throw new TokenError();
      return claims.issuedAt === undefined ? { user, session } : { user, session, issuedAt: claims.issuedAt };
    },

    async authenticateClient(accessToken) {
      const claims = await signer.verify(accessToken);
      // Only tokens issued to a client: the SPA's own token is no OAuth access token.
      if (!claims?.client) return null;
      const session = await storage.sessions.findById(claims.sessionId);
      if (
        !session ||
        session.endedAt !== null ||
        session.kind !== 'oauth' ||
        session.userId !== claims.userId ||
        session.oauthClientId !== claims.client.clientId
      ) {
        return null;
      }
      // Removing a client ends its sessions in the same transaction; the client is looked up as well,
      // so that a token of a client gone by any road (its owner's account erased) is never taken.
      const client = await storage.clients.find(claims.client.clientId);
      if (!client) return null;
      const user = await storage.users.findById(claims.userId);
      if (!user || user.isInactivated) return null;
      return { user, session, clientId: claims.client.clientId, client, scope: claims.client.scope };
    },
  };
}
