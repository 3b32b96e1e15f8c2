/**
 * Setting a password: signed out with a code (POST /restore-password/RestorePassword{Sms,Email}/),
 * and signed in (POST /user/change-password/ and /user/reset-password/, which answer PasswordChanged).
 *
 * A new password also ends the sessions of the OAuth apps the account signed in to, unless the
 * person unticks it (`end_app_sessions`, true when absent): whoever knew the old password may have
 * let an app in with it, and that app's tokens would otherwise go on working.
 */
import type { SessionsEnded } from './sessions.js';

export interface RestorePasswordRequest {
  /** Of a `forget_pass_verification` code. */
  request_id: string;
  password: string;
  /** True when absent. Every sign-in to Kirish ends whatever this says. */
  end_app_sessions?: boolean;
}

export interface PasswordRestored {
  detail: 'password_changed';
  /** Sign-ins to Kirish that ended: all of them. */
  ended: number;
  /** OAuth apps' sessions that ended. */
  ended_apps: number;
}

export interface ChangePasswordRequest {
  old_password: string;
  new_password: string;
  /** False when absent. */
  end_other_sessions?: boolean;
  /** True when absent. */
  end_app_sessions?: boolean;
}

/** For someone signed in who forgot the password: a code to the account's own phone or e-mail. */
export interface ResetPasswordRequest {
  request_id: string;
  new_password: string;
  end_other_sessions?: boolean;
  end_app_sessions?: boolean;
}

/** The answer of a signed-in change or reset: the other sign-ins to Kirish and the apps' sessions that ended. */
export interface PasswordChanged extends SessionsEnded {
  ended_apps: number;
}
