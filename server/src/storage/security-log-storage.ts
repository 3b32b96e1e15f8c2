/**
 * The security log part of the storage interface: an account's events (kysely-security-log-storage.ts).
 */
/** Small facts about an event (a method, a masked contact, a count): never a secret. */
export type AuditDetails = Readonly<Record<string, string | number | boolean | null>>;

/** One line of an account's security log. */
export interface AuditEvent {
  /** A UUIDv7 (lib/ordered-id.ts): the log reads newest first by it. */
  id: string;
  userId: string;
  type: string;
  createdAt: number;
  ip: string;
  userAgent: string | null;
  /** The sign-in the action came from; null when it came from none (a password restored by code). */
  sessionId: string | null;
  details: AuditDetails;
}

export interface SecurityLogStorage {
  auditLog: {
    insert(event: AuditEvent): Promise<void>;
    /** The user's events, newest first. */
    list(userId: string, offset: number, limit: number): Promise<AuditEvent[]>;
    count(userId: string): Promise<number>;
    /** When the user's newest event of `type` happened (epoch ms); null when there is none. */
    latestOfType(userId: string, type: string): Promise<number | null>;
    /**
     * How each of the user's sign-ins `sessionIds` was made: the `method` of the `login` event that opened it
     * (`password`, `code`, or a provider such as `google`), by session id. A session with no such event (a
     * registration, a joined frame) or whose event names no method is left out.
     */
    signInMethods(userId: string, sessionIds: readonly string[]): Promise<Map<string, string>>;
  };
}
