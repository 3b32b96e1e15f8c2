/**
 * The security constants of the service, in one place, each with its unit in its name.
 * They are product decisions (docs/decisions.md), not deployment settings.
 */

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SAVED_SECONDS = 30 * 24 * 60 * 60;
export const REFRESH_TOKEN_TTL_UNSAVED_SECONDS = 24 * 60 * 60;
/** Two tabs refreshing with the same token at once both succeed within this window (docs/decisions.md). */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

export const OTP_DIGITS = 6;
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 2 * 60;
export const OTP_HOURLY_CAP_PER_CONTACT = 5;
export const OTP_HOURLY_CAP_PER_IP = 30;
/** How long a request_id (proof that a contact was verified) stays redeemable. */
export const VERIFICATION_TTL_SECONDS = 15 * 60;

export interface ThrottlePolicy {
  /** Failures allowed before the first lock. */
  freeFailures: number;
  /** The first lock; each further failure doubles it. */
  baseLockSeconds: number;
  maxLockSeconds: number;
  /** A quiet period after which past failures are forgotten. */
  forgetAfterSeconds: number;
}

export const LOGIN_THROTTLE_ACCOUNT: ThrottlePolicy = {
  freeFailures: 3,
  baseLockSeconds: 30,
  maxLockSeconds: 15 * 60,
  forgetAfterSeconds: 24 * 60 * 60,
};

export const LOGIN_THROTTLE_IP: ThrottlePolicy = {
  freeFailures: 20,
  baseLockSeconds: 60,
  maxLockSeconds: 15 * 60,
  forgetAfterSeconds: 60 * 60,
};

/** Account-existence checks per client address per minute. */
export const CHECK_REQUESTS_PER_MINUTE_PER_IP = 60;

export const JSON_BODY_LIMIT_BYTES = 16 * 1024;

/** RFC 9700 §4.2.4 and OAuth 2.1 §4.1.2: an authorization code is short-lived and single-use. */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
/** An ID token is read once, at sign-in; ten minutes leave room for a slow client and clock skew. */
export const ID_TOKEN_TTL_SECONDS = 10 * 60;
/** Failed token and revocation requests per client address per minute, then 429 slow_down. */
export const TOKEN_FAILURES_PER_MINUTE_PER_IP = 60;
/** How long a browser may keep the answer to a CORS preflight of the OAuth endpoints. */
export const CORS_PREFLIGHT_MAX_AGE_SECONDS = 10 * 60;
/** How long clients may cache the discovery document and the JWKS. */
export const DISCOVERY_MAX_AGE_SECONDS = 5 * 60;
/** The longest value taken for a parameter of an authorization request (state, nonce, redirect_uri, …). */
export const AUTHORIZE_PARAMETER_MAX_LENGTH = 2048;

/** A step-up proof (password or code, just given) stands for a sensitive change this long, once. */
export const STEP_UP_PROOF_TTL_SECONDS = 5 * 60;
/** A deactivated account can be restored for this long; then it is erased for good. */
export const ACCOUNT_ERASE_GRACE_DAYS = 30;
/** How often the erase job looks for accounts whose grace period has ended. */
export const ERASE_JOB_INTERVAL_SECONDS = 60 * 60;
/** The largest page of the security log a client may ask for. */
export const AUDIT_LOG_MAX_PAGE_SIZE = 100;

/** The largest profile photo accepted, in bytes (issue 5: 5 MB). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Decompression bombs: a small file can declare a huge canvas. A photo larger than this many pixels
 * (a 48-megapixel phone camera stays under it) is refused before it is decoded.
 */
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;
/** The longest side of the photo as kept; the served sizes are made from it. */
export const PHOTO_STORED_MAX_SIDE_PX = 1024;
/** Addresses one account may keep. */
export const ADDRESSES_MAX_PER_USER = 20;
/** Regions and districts change by law, rarely: browsers may keep the list a day. */
export const REGIONS_MAX_AGE_SECONDS = 24 * 60 * 60;
