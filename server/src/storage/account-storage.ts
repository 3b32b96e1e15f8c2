/**
 * The accounts part of the storage interface: the `users` row as sign-in and sign-up find it, its
 * contacts, and its deactivation and erasure (kysely-account-storage.ts).
 */
import type { User } from './records.js';

/** The contact fields of an account that the security pages write; only those given change. */
export type ContactChanges = Partial<
  Pick<User, 'phone' | 'email' | 'emailVerified' | 'secondaryPhone' | 'secondaryEmail'>
>;

export interface AccountStorage {
  users: {
    insert(user: User): Promise<void>;
    findById(id: string): Promise<User | undefined>;
    findByPhone(phone: string): Promise<User | undefined>;
    findByVerifiedEmail(email: string): Promise<User | undefined>;
    /** The account OneID vouched for with this PINFL (issue 36). */
    findByPinfl(pinfl: string): Promise<User | undefined>;
    /** Whether some account claims `email` without having verified it (a reset by it is refused with a reason). */
    hasUnverifiedEmail(email: string): Promise<boolean>;
    /** Drops an unverified claim on `email` from any account, when its owner proves it elsewhere. */
    releaseUnverifiedEmail(email: string, at: number): Promise<void>;
    setPasswordHash(id: string, passwordHash: string, at: number): Promise<void>;
    /**
     * The state's record, as OneID vouched for it: the account becomes `verified` with its PINFL, and
     * takes the record's names and birth date (issue 36).
     */
    setStateVerified(
      id: string,
      record: { pinfl: string; firstName: string; lastName: string; birthDate: string | null },
      at: number,
    ): Promise<void>;
  };

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
     * authorization codes, addresses, the audit log, proofs, linked identities and social flows, the sign-in requests by QR it approved, and the codes, request ids, login
     * throttles and outbox messages of its contacts. False when there was no such account.
     */
    erase(userId: string): Promise<boolean>;
  };
}
