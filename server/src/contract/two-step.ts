/**
 * Two-step verification (issue 41): an authenticator app (RFC 6238) and recovery codes under
 * /user/two-step/, and the second step of a password or code sign-in under /login/second-step/.
 */
import type { PublicKeyCredentialJSON } from './passkeys.js';
import type { TokenResponse } from './tokens.js';

/** GET /user/two-step/ */
export interface TwoStepStatus {
  enabled: boolean;
  /** Unused recovery codes left. */
  recovery_codes_left: number;
}

/** POST /user/two-step/totp/ and /user/two-step/recovery-codes/, DELETE /user/two-step/: a fresh step-up proof. */
export interface TwoStepProofRequest {
  proof: string;
}

/** POST /user/two-step/totp/: the new secret, to type in or to scan as a QR code of `uri`; confirmed by a first code. */
export interface TotpSetup {
  /** Base32. */
  secret: string;
  /** otpauth://totp/… */
  uri: string;
  expires_in: number;
}

/** POST /user/two-step/totp/confirm/ */
export interface TotpConfirmRequest {
  code: string;
}

/** The recovery codes, shown this once: a new set on turning two-step on and on request. */
export interface RecoveryCodes {
  recovery_codes: string[];
}

/** POST /user/two-step/totp/confirm/: `recovery_codes` when two-step was just turned on, null when the app was changed. */
export interface TotpConfirmed {
  recovery_codes: string[] | null;
}

/**
 * What a second step can be: an authenticator app's code, a recovery code, or one of the account's
 * passkeys (issue 41: "a passkey counts as a second step too"), offered only to an account that has one.
 */
export type SecondStepMethod = 'totp' | 'recovery' | 'passkey';

/** A password or code sign-in of an account with two-step on answers this instead of tokens. */
export interface SecondStepRequired {
  second_step: {
    /** The half-done sign-in, for POST /login/second-step/. */
    id: string;
    methods: SecondStepMethod[];
    expires_in: number;
  };
}

/** POST /login/second-step/: a code for `totp` and `recovery`, the assertion for `passkey`. */
export type SecondStepRequest =
  | { id: string; method: 'totp' | 'recovery'; code: string }
  | { id: string; method: 'passkey'; credential: PublicKeyCredentialJSON };

/**
 * POST /login/second-step/passkey/options/ `{"id"}` → request options (WebauthnOptionsJSON) that
 * list the account's own passkeys (`allowCredentials`), bound to the half-done sign-in's browser.
 */
export interface SecondStepPasskeyOptionsRequest {
  id: string;
}

export type SecondStepResponse = TokenResponse;

/** Recovery codes: 16 base32 characters in four groups ("abcd-efgh-ijkl-mnop"), 80 bits. */
export const normalizeRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');
