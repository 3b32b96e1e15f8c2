/**
 * The sessions part of the storage interface: sign-ins, their refresh-token families, the open ones
 * and the whole history (kysely-session-storage.ts).
 */
import type { Session, SessionKind, User } from './records.js';

export interface RefreshToken {
  id: string;
  sessionId: string;
  tokenHash: string;
  parentId: string | null;
  createdAt: number;
  expiresAt: number;
  rotatedAt: number | null;
}

/** What a refresh's common case needs (refreshTokens.rotateCurrent). */
export interface CurrentRotation {
  tokenHash: string;
  /** The successor: stored as the family's newest token, with the presented one as its parent. */
  successor: { id: string; tokenHash: string };
  kind: SessionKind;
  at: number;
  /** How long a session lives from its sign-in (auth_time, else created_at), saved or not: services/session-service.ts sessionEndsAt. */
  lifetimeMs: { saved: number; unsaved: number };
}

export interface DeviceProfileRow {
  user: User;
  lastSeenAt: number;
  hasActiveSession: boolean;
}

export interface SessionStorage {
  sessions: {
    insert(session: Session): Promise<void>;
    findById(id: string): Promise<Session | undefined>;
    touch(id: string, at: number): Promise<void>;
    /**
     * Ends the session if still open, and the open sessions joined from it in a partner's frame
     * (parentSessionId) with it; false when nothing was open.
     */
    end(id: string, at: number, reason: string): Promise<boolean>;
    endAllForUser(userId: string, at: number, reason: string): Promise<number>;
    /** Ends every open `oauth` session of the user with the client; `sso` sessions are left alone. */
    endAllForClient(userId: string, clientId: string, at: number, reason: string): Promise<number>;
    /** Accounts that have had a session with this device id, most recent first. */
    deviceProfiles(deviceId: string): Promise<DeviceProfileRow[]>;
    /**
     * Every session recorded with one of the devices `from`, ended ones included (the account
     * chooser lists those too), now recorded with device `to`: one statement, so no session is left
     * behind on an old secret (middleware/device-key.ts, a new secret at every sign-in). Returns how many.
     */
    moveDevice(from: readonly string[], to: string): Promise<number>;
  };

  refreshTokens: {
    insert(token: RefreshToken): Promise<void>;
    findByHash(tokenHash: string): Promise<RefreshToken | undefined>;
    /** Marks it rotated if it was current; false when another request rotated it first. */
    markRotated(id: string, at: number): Promise<boolean>;
    /**
     * A refresh's common case as one atomic step (issue 13: one statement on PostgreSQL, one unit of
     * work on SQLite): when `tokenHash` is the current token — not rotated, not expired — of an open
     * session of `kind` within its lifetime, marks it rotated, touches the session, stores the
     * successor (same expiry) and returns the session as it was. Undefined in every other case,
     * with nothing written: the caller then looks closer (a reuse, the grace window).
     */
    rotateCurrent(rotation: CurrentRotation): Promise<Session | undefined>;
  };

  openSessions: {
    /** The sessions of `kind` that are neither ended nor past their refresh token's lifetime. */
    list(userId: string, kind: SessionKind, now: number): Promise<Session[]>;
    /** Ends every open session of the given kinds but `keepSessionId`; returns how many. */
    endOthers(
      userId: string,
      keepSessionId: string,
      kinds: readonly SessionKind[],
      at: number,
      reason: string,
    ): Promise<number>;
    /** Ends every open session joined in a partner's frame (parentSessionId set) but `keepSessionId`; returns how many. */
    endJoined(userId: string, keepSessionId: string, at: number, reason: string): Promise<number>;
  };

  sessionHistory: {
    /** Every session of the user, ended ones and OAuth ones included, the newest first: for the data export. */
    listByUser(userId: string): Promise<Session[]>;
  };
}
