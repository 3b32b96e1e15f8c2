/**
 * Setting a password: signed out with a code (POST /restore-password/RestorePassword{Sms,Email}/),
 * and signed in (POST /user/change-password/ and /user/reset-password/, which answer SessionsEnded).
 */

export interface RestorePasswordRequest {
  /** Of a `forget_pass_verification` code. */
  request_id: string;
  password: string;
}

export interface PasswordRestored {
  detail: 'password_changed';
}

export interface ChangePasswordRequest {
  old_password: string;
  new_password: string;
  /** False when absent. */
  end_other_sessions?: boolean;
}

/** For someone signed in who forgot the password: a code to the account's own phone or e-mail. */
export interface ResetPasswordRequest {
  request_id: string;
  new_password: string;
  end_other_sessions?: boolean;
}
