/**
 * One-time codes (docs/product.md §7): POST /auth/SendAuth{Sms,Email}Verification/ sends one, and
 * /auth/CheckAuth{Sms,Email}Verification/ trades the right one for a single-use request_id.
 * `type` is the verification section (docs/product.md §3) the code is for.
 */

/** A one-time code's length in decimal digits, both sides: the server makes and parses codes of it, the SPA's code field takes no more. */
export const OTP_DIGITS = 6;

const OTP_CODE = new RegExp(`^\\d{${OTP_DIGITS}}$`);

/** Whether `code` has the shape of a one-time code (the SPA checks it before sending, the server refuses another as `invalid_code`). */
export const isOtpCode = (code: string): boolean => OTP_CODE.test(code);

export interface SmsCodeRequest {
  type: string;
  phone: string;
  /** `sms` when absent. */
  method?: 'sms' | 'call';
}

export interface EmailCodeRequest {
  type: string;
  email: string;
  method?: 'email';
}

export interface CodeSent {
  /** The `…_backup_…` forms: a password-reset code went to the account's backup contact. */
  message:
    | 'code_send_to_phone'
    | 'call_send_to_phone'
    | 'code_send_to_email'
    | 'code_send_to_backup_phone'
    | 'call_send_to_backup_phone'
    | 'code_send_to_backup_email';
  /** The contact the code went to, masked. */
  to: string;
  expires_in: number;
  /** Seconds until another code may be asked for. */
  resend_in: number;
}

export interface SmsCodeCheckRequest {
  type: string;
  phone: string;
  code: string;
}

export interface EmailCodeCheckRequest {
  type: string;
  email: string;
  code: string;
}

/** The proof that the code was right, for the one call it was asked for. */
export interface CodeChecked {
  request_id: string;
}
