/**
 * Signing in and finding an account (docs/product.md §7): /login/LoginUser/, /login/LoginOtp/ and
 * /check/CheckUser{Exists,Password}/. Each names the account by `phone` or by `email`, exactly one.
 * A sign-in answers with the token response (tokens.ts); with two-step verification on, a first step
 * that passed answers `SecondStepRequired` (two-step.ts) instead, finished by POST /login/second-step/.
 */

export interface ContactFields {
  phone?: string;
  email?: string;
}

export interface PasswordLoginRequest extends ContactFields {
  password: string;
  /** Keep the refresh token (docs/product.md §4); false when absent. */
  save?: boolean;
}

export interface CodeLoginRequest extends ContactFields {
  code: string;
  save?: boolean;
}

/** GET /check/CheckUserExists/?phone=|email= */
export interface UserExists {
  exists: boolean;
}

/** GET /check/CheckUserPassword/?phone=|email=: false also for no such account. */
export interface UserPassword {
  has_password: boolean;
}
