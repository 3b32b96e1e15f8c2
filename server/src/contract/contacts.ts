/**
 * The account's phones and e-mails: POST /user/change-phone/, /user/change-email/, /user/secondary/,
 * /user/secondary/make-primary/, /user/verify-email/ and DELETE /user/secondary/?type=. Each answers
 * with the Profile.
 */

/** A new primary contact: its request id, and a step-up proof (step-up.ts). */
export interface ContactChangeRequest {
  request_id: string;
  proof?: string;
}

/** A new backup contact: its request id, and a step-up proof (a backup contact can reset the password). */
export interface SecondaryContactRequest {
  request_id: string;
  proof?: string;
}

export interface MakePrimaryRequest {
  type: 'phone' | 'email';
  proof?: string;
}

/** The account's own unverified main e-mail, proven by an `email_verification` code to it. */
export interface EmailVerifyRequest {
  request_id: string;
}
