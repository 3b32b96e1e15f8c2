/**
 * POST /user/security/proof/: a fresh, single-use proof that the person at the keyboard owns the
 * account, asked for by the changes a stolen session must not make alone.
 */

/** Exactly one of the two. */
export interface ProofRequest {
  password?: string;
  /** Of a `confirm_email_or_phone` code sent to the account's own phone or e-mail. */
  request_id?: string;
}

export interface ProofIssued {
  proof: string;
  expires_in: number;
}
