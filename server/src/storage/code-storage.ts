/**
 * The codes part of the storage interface: one-time codes, the request ids they prove, step-up
 * proofs, and the limit locks taken before counting (kysely-code-storage.ts).
 */
import type { ContactType } from '../lib/contacts.js';

/** `undelivered`: the gateway reported its SMS failed (issue 37); like `used`, it holds no resend cooldown. */
export type CodeCloseReason = 'used' | 'replaced' | 'attempts' | 'undelivered';

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

export interface CodeStorage {
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
    /** Deletes the codes that expired before `before`; returns how many. */
    sweepExpired(before: number): Promise<number>;
  };

  verifications: {
    insert(verification: Verification): Promise<void>;
    findByHash(requestHash: string): Promise<Verification | undefined>;
    /** Marks it used if unused; false when it was used already. */
    markUsed(id: string, at: number): Promise<boolean>;
    /** Deletes the request ids that expired before `before`; returns how many. */
    sweepExpired(before: number): Promise<number>;
  };

  stepUpProofs: {
    insert(proof: StepUpProof): Promise<void>;
    findByHash(proofHash: string): Promise<StepUpProof | undefined>;
    /** Marks it used if unused; false when it was used already. */
    markUsed(id: string, at: number): Promise<boolean>;
    /** Deletes the proofs (and the frame's nonces) that expired before `before`; returns how many. */
    sweepExpired(before: number): Promise<number>;
  };

  limitLocks: {
    /**
     * Writes the row of a limited key (a contact, a client address) inside the caller's transaction,
     * before it counts what the limit counts: on PostgreSQL the row lock held until commit makes
     * concurrent transactions of one key count one after another; SQLite has one writer anyway.
     */
    take(scope: string, key: string, at: number): Promise<void>;
  };
}
