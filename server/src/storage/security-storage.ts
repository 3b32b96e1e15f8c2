/**
 * The security part of the storage interface (issue 5, "Security"): contacts that count as taken,
 * deactivation and erasure, the open sessions of an account, the audit log and step-up proofs.
 * Storage extends it; every database implements it (kysely-security-storage.ts) and passes the
 * shared suite (storage-contract.ts).
 */
import type { Session, SessionKind, User } from './records.js';

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

/**
 * A fresh proof (step-up) that the person at the keyboard is the account's owner: issued for the
 * password or a code, stored only as a hash, single-use, short-lived, bound to one sign-in.
 */
export interface StepUpProof {
  id: string;
  proofHash: string;
  userId: string;
  sessionId: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** The contact fields of an account that the security pages write; only those given change. */
export type ContactChanges = Partial<Pick<User, 'phone' | 'email' | 'emailVerified' | 'secondaryPhone' | 'secondaryEmail'>>;

export interface SecurityStorage {
  contacts: {
    /** The account that holds `phone` as its phone or as its secondary phone. */
    ownerOfPhone(phone: string): Promise<User | undefined>;
    /** The account that holds `email` verified, or as its secondary e-mail (always verified). */
    ownerOfEmail(email: string): Promise<User | undefined>;
    update(userId: string, changes: ContactChanges, at: number): Promise<void>;
  };

  deactivation: {
    /** Deactivates the account (with when it is to be erased), or restores it with `null`. */
    set(userId: string, state: { inactivatedAt: number; eraseAt: number } | null, at: number): Promise<void>;
    /** Deactivated accounts whose time to be erased has come. */
    dueForErase(now: number): Promise<User[]>;
    /**
     * Deletes the account and everything kept about it: sessions and their tokens, grants and
     * authorization codes, addresses, the audit log, proofs, and the codes, request ids, login
     * throttles and outbox messages of its contacts. False when there was no such account.
     */
    erase(userId: string): Promise<boolean>;
  };

  openSessions: {
    /** The sessions of `kind` that are neither ended nor past their refresh token's lifetime. */
    list(userId: string, kind: SessionKind, now: number): Promise<Session[]>;
    /** Ends every open session of the given kinds but `keepSessionId`; returns how many. */
    endOthers(userId: string, keepSessionId: string, kinds: readonly SessionKind[], at: number, reason: string): Promise<number>;
  };

  auditLog: {
    insert(event: AuditEvent): Promise<void>;
    /** The user's events, newest first. */
    list(userId: string, offset: number, limit: number): Promise<AuditEvent[]>;
    count(userId: string): Promise<number>;
  };

  stepUpProofs: {
    insert(proof: StepUpProof): Promise<void>;
    findByHash(proofHash: string): Promise<StepUpProof | undefined>;
    /** Marks it used if unused; false when it was used already. */
    markUsed(id: string, at: number): Promise<boolean>;
  };
}
