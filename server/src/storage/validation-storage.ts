/**
 * The identity-validation part of the storage interface (issue 38, kysely-validation-storage.ts,
 * migration 0016). The status itself stays on the account (`users.verification_status`, which the
 * profile shows and OneID sets to `verified`); this part moves it and keeps the request's reference,
 * the reason of a failure and when it changed.
 */
import type { VerificationStatus } from '../contract/profile.js';

export interface IdentityValidation {
  userId: string;
  reference: string;
  reason: string | null;
  startedAt: number;
  updatedAt: number;
}

export interface ValidationStorage {
  validations: {
    find(userId: string): Promise<IdentityValidation | undefined>;
    /**
     * Sets `in_moderation` with a new reference, in one statement that moves only an account that is
     * neither verified nor in moderation; false otherwise (or no such account).
     */
    start(userId: string, reference: string, at: number): Promise<boolean>;
    /**
     * Support's decision: the status and the reason of a failure (null for `verified`); `reference` names
     * the validation when the account never asked for one. False when there is no such account.
     */
    decide(
      userId: string,
      decision: {
        status: Extract<VerificationStatus, 'verified' | 'failed'>;
        reason: string | null;
        reference: string;
      },
      at: number,
    ): Promise<boolean>;
    /** An erased account's row (services/erase-job.ts). */
    remove(userId: string): Promise<void>;
  };
}
