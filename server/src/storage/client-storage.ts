/**
 * The OAuth part of the storage interface: registered clients, authorization codes and the
 * user's grants (kysely-client-storage.ts).
 */
/** RFC 6749 §2.1: a confidential client can keep a secret; a public one (an SPA, a mobile app) cannot. */
export type ClientKind = 'public' | 'confidential';

/** An app registered with the OAuth provider: who it is and where it may receive codes and messages. */
export interface OAuthClient {
  /** The client_id (RFC 6749 §2.2). */
  id: string;
  name: string;
  logoUrl: string | null;
  homePage: string | null;
  /** Where the app's privacy policy is; required of apps people register, absent for seeded ones. */
  privacyPolicyUrl: string | null;
  termsUrl: string | null;
  /** Compared as exact strings, never by prefix or pattern (RFC 9700 §2.1). */
  redirectUris: string[];
  /** Serialized origins (`http://127.0.0.1:8081`) that may embed the sign-in and receive its messages. */
  webOrigins: string[];
  /** The scopes the client may ask for. */
  scopes: string[];
  /** Where RP-initiated logout may send the browser back to, compared as exact strings. */
  postLogoutRedirectUris: string[];
  /** Kirish's own apps: no consent step. */
  firstParty: boolean;
  kind: ClientKind;
  /** Only ever a hash (SHA-256, base64url) of a confidential client's secret; null for a public client. */
  secretHash: string | null;
  /** When the current secret was created; null while there is none. */
  secretCreatedAt: number | null;
  /** The account that registered the app in the Developers section; null for seeded and operator clients. */
  ownerId: string | null;
  createdAt: number;
  updatedAt: number;
}

/**
 * An authorization code (RFC 6749 §4.1.2), stored only as a hash, bound to everything the token
 * request must repeat or prove: the client, the redirect URI, the PKCE challenge (RFC 7636 §4.4).
 */
export interface AuthorizationCode {
  id: string;
  codeHash: string;
  clientId: string;
  userId: string;
  redirectUri: string;
  /** Space-separated, as granted. */
  scope: string;
  codeChallenge: string | null;
  /** `S256` whenever there is a challenge: `plain` is never accepted. */
  codeChallengeMethod: string | null;
  nonce: string | null;
  /** The Kirish (SPA) session in which the user authorized. */
  ssoSessionId: string;
  authTime: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** The OAuth session its redemption opened, so that a replay can end it (RFC 6749 §4.1.2). */
  sessionId: string | null;
  /** The sign-in's RFC 8176 `amr` (Session.amr), carried to the client's session. */
  amr: string[] | null;
  /** The `acr` the request asked for and the sign-in met; null when none was asked for. */
  acr: string | null;
}

/** A user's consent to one scope for one client; remembered until the user revokes it. */
export interface Grant {
  userId: string;
  clientId: string;
  scope: string;
  createdAt: number;
}

export interface ClientStorage {
  clients: {
    find(id: string): Promise<OAuthClient | undefined>;
    /** Every registered client; the registry is small (a handful of partners). */
    list(): Promise<OAuthClient[]>;
    /** Inserts the client, or replaces every field of the one with its id except `createdAt`. */
    upsert(client: OAuthClient): Promise<void>;
    /** The apps an account registered, the oldest first. */
    listByOwner(ownerId: string): Promise<OAuthClient[]>;
    countByOwner(ownerId: string): Promise<number>;
    /**
     * Deletes the client with its authorization codes and every user's grants to it, and ends every
     * open OAuth session of it (`reason`), so that no token issued to it works any more. False when
     * there was no such client.
     */
    remove(id: string, at: number, reason: string): Promise<boolean>;
  };

  authorizationCodes: {
    insert(code: AuthorizationCode): Promise<void>;
    findByHash(codeHash: string): Promise<AuthorizationCode | undefined>;
    /** Marks it used by `sessionId` if unused; false when another request used it first. */
    markUsed(id: string, at: number, sessionId: string): Promise<boolean>;
    /** Whether the sign-in to Kirish `ssoSessionId` has authorized a code for the client yet. */
    issuedInSignIn(ssoSessionId: string, clientId: string): Promise<boolean>;
  };

  grants: {
    /** Records consent to each scope; a scope already granted keeps its first time. */
    insert(userId: string, clientId: string, scopes: readonly string[], at: number): Promise<void>;
    /** The user's grants to one client. */
    listForClient(userId: string, clientId: string): Promise<Grant[]>;
    /** Every grant of the user, oldest first. */
    listByUser(userId: string): Promise<Grant[]>;
    /** Forgets the user's consent to the client; returns how many scopes it held. */
    remove(userId: string, clientId: string): Promise<number>;
  };
}
