/**
 * Identity validation (issue 38, docs/api.md, Identity validation): the account's status with what
 * the person needs to know of it, and support's decision through the operator API.
 */
import type { VerificationStatus } from './profile.js';

export interface ValidationState {
  status: VerificationStatus;
  /** Names the request to support; null when none was made (or OneID verified the account). */
  reference: string | null;
  /** Why it failed, as support wrote it; null otherwise. */
  reason: string | null;
  /** ISO 8601, the last change; null when none was made here. */
  updated_at: string | null;
  /** While in moderation: by when an answer is expected (ISO 8601); null otherwise. */
  answer_expected_by: string | null;
}

/** The longest reason support may give, in characters. */
export const VALIDATION_REASON_MAX_LENGTH = 500;

export interface ValidationDecision {
  status: 'verified' | 'failed';
  reason?: string;
}
