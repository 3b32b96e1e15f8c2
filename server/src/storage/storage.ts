/**
 * The one storage interface the handlers see. It speaks in the service's own records and small,
 * single-purpose operations; every database (SQLite today, PostgreSQL next) implements it and passes
 * the same shared test suite (storage.test.ts), so no handler changes when the database does.
 */
import type { ContactType } from '../lib/contacts.js';
import type { PersonalStorage } from './personal-storage.js';
import type { Session, User } from './records.js';
import type { SecurityStorage } from './security-storage.js';

export type CodeCloseReason = 'used' | 'replaced' | 'attempts';

export interface OtpCode {
  id: string;
  purpose: string;
  contactType: ContactType;
  contact: string;
  codeHash: string;
  channel: 'sms' | 'call' | 'email';
  ip: string;
  createdAt: number;
  expiresAt: number;
  attempts: number;
  closedAt: number | null;
  closeReason: CodeCloseReason | null;
}

export interface Verification {
  id: string;
  requestHash: string;
  purpose: string;
  contactType: ContactType;
  contact: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /** The account a signed-in section's request id was issued to; null for sign-in, sign-up and reset. */
  userId: string | null;
}

export interface RefreshToken {
  id: string;
  sessionId: string;
  tokenHash: string;
  parentId: string | null;
  createdAt: number;
  expiresAt: number;
  rotatedAt: number | null;
}

export interface ThrottleState {
  scope: string;
  key: string;
  failures: number;
  lastFailureAt: number;
  lockedUntil: number | null;
  /** Attempts reserved and not yet decided (features/accounts/login-throttle.ts). */
  pending: number;
  /** Pending attempts stop counting after this: their process died before it could settle them. */
  pendingUntil: number | null;
}

/** What one reservation of a sign-in attempt needs to decide, in its single statement, whether it may go ahead. */
export interface ThrottleReservation {
  at: number;
  /** Failures in a row that need no lock: while failures and pending attempts together stay under it, attempts go ahead. */
  freeFailures: number;
  /** Failures of a key whose last failure is older than this are forgotten. */
  forgetBefore: number;
  /** Until when this reservation counts if it is never settled. */
  pendingUntil: number;
}

export interface OutboxMessage {
  id: string;
  channel: 'sms' | 'call' | 'email';
  recipient: string;
  code: string | null;
  text: string;
  createdAt: number;
}

export interface SigningKey {
  kid: string;
  alg: string;
  privateJwk: string;
  publicJwk: string;
  createdAt: number;
  retiredAt: number | null;
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
}

/** A user's consent to one scope for one client; remembered until the user revokes it. */
export interface Grant {
  userId: string;
  clientId: string;
  scope: string;
  createdAt: number;
}

/** RFC 6749 §2.1: a confidential client can keep a secret; a public one (an SPA, a mobile app) cannot. */
export type ClientKind = 'public' | 'confidential';

/** An app registered with the OAuth provider: who it is and where it may receive codes and messages. */
export interface OAuthClient {
  /** The client_id (RFC 6749 §2.2). */
  id: string;
  name: string;
  logoUrl: string | null;
  homePage: string | null;
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
  createdAt: number;
  updatedAt: number;
}

export interface DeviceProfileRow {
  user: User;
  lastSeenAt: number;
  hasActiveSession: boolean;
}

export interface Storage extends PersonalStorage, SecurityStorage {
  /** Runs `work` atomically: all its writes land, or none. Inside, `tx` is the same interface. */
  transaction<T>(work: (tx: Storage) => Promise<T>): Promise<T>;
  close(): Promise<void>;

  users: {
    insert(user: User): Promise<void>;
    findById(id: string): Promise<User | undefined>;
    findByPhone(phone: string): Promise<User | undefined>;
    findByVerifiedEmail(email: string): Promise<User | undefined>;
    /** Drops an unverified claim on `email` from any account, when its owner proves it elsewhere. */
    releaseUnverifiedEmail(email: string, at: number): Promise<void>;
    setPasswordHash(id: string, passwordHash: string, at: number): Promise<void>;
  };

  codes: {
    insert(code: OtpCode): Promise<void>;
    latest(contact: string, purpose: string): Promise<OtpCode | undefined>;
    countSince(by: { contact: string } | { ip: string }, sinceMs: number): Promise<number>;
    /**
     * Counts one try of an open code with tries left, in one statement, before the digits are
     * compared; returns the tries used so far, or null when the code is closed or has none left.
     */
    takeAttempt(id: string, maxAttempts: number): Promise<number | null>;
    /** Closes the code if still open; false when someone else closed it first. */
    close(id: string, at: number, reason: CodeCloseReason): Promise<boolean>;
    closeOpen(contact: string, purpose: string, at: number, reason: CodeCloseReason): Promise<void>;
  };

  verifications: {
    insert(verification: Verification): Promise<void>;
    findByHash(requestHash: string): Promise<Verification | undefined>;
    /** Marks it used if unused; false when it was used already. */
    markUsed(id: string, at: number): Promise<boolean>;
  };

  sessions: {
    insert(session: Session): Promise<void>;
    findById(id: string): Promise<Session | undefined>;
    touch(id: string, at: number): Promise<void>;
    /** Ends the session if still open; false when it had ended already. */
    end(id: string, at: number, reason: string): Promise<boolean>;
    endAllForUser(userId: string, at: number, reason: string): Promise<number>;
    /** Ends every open `oauth` session of the user with the client; `sso` sessions are left alone. */
    endAllForClient(userId: string, clientId: string, at: number, reason: string): Promise<number>;
    /** Accounts that have had a session with this device id, most recent first. */
    deviceProfiles(deviceId: string): Promise<DeviceProfileRow[]>;
  };

  refreshTokens: {
    insert(token: RefreshToken): Promise<void>;
    findByHash(tokenHash: string): Promise<RefreshToken | undefined>;
    /** Marks it rotated if it was current; false when another request rotated it first. */
    markRotated(id: string, at: number): Promise<boolean>;
  };

  throttle: {
    get(scope: string, key: string): Promise<ThrottleState | undefined>;
    /**
     * Reserves one attempt at the key in a single statement (an upsert that changes the row only when
     * the attempt may go ahead), so concurrent attempts, in one process or many, are counted one by
     * one. False when the key is locked, or when the attempts still being checked would lock it if
     * they failed.
     */
    reserve(scope: string, key: string, reservation: ThrottleReservation): Promise<boolean>;
    /** A reserved attempt failed: it becomes a failure at `at`. Returns the failures now counted. */
    settleFailure(scope: string, key: string, at: number): Promise<number>;
    /** Locks the key until `until`, unless it is locked longer already. */
    lockUntil(scope: string, key: string, until: number): Promise<void>;
    /** A reserved attempt did not fail: it no longer counts. A key left with nothing to count is dropped. */
    release(scope: string, key: string): Promise<void>;
    remove(scope: string, key: string): Promise<void>;
  };

  limitLocks: {
    /**
     * Writes the row of a limited key (a contact, a client address) inside the caller's transaction,
     * before it counts what the limit counts: on PostgreSQL the row lock held until commit makes
     * concurrent transactions of one key count one after another; SQLite has one writer anyway.
     */
    take(scope: string, key: string, at: number): Promise<void>;
  };

  outbox: {
    add(message: OutboxMessage): Promise<void>;
    list(limit: number): Promise<OutboxMessage[]>;
  };

  signingKeys: {
    listActive(): Promise<SigningKey[]>;
    insert(key: SigningKey): Promise<void>;
  };

  clients: {
    find(id: string): Promise<OAuthClient | undefined>;
    /** Every registered client; the registry is small (a handful of partners). */
    list(): Promise<OAuthClient[]>;
    /** Inserts the client, or replaces every field of the one with its id except `createdAt`. */
    upsert(client: OAuthClient): Promise<void>;
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

  secrets: {
    /** Returns the named server secret, creating it with `create()` the first time. */
    getOrCreate(name: string, create: () => string, at: number): Promise<string>;
  };
}
