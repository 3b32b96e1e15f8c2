/**
 * The security constants of the service, in one place, each with its unit in its name.
 * They are product decisions (docs/decisions.md), not deployment settings.
 */

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
/**
 * The absolute lifetime of a session (OWASP ASVS 5.0 §7.3.2 and 10.4.8): counted from the sign-in,
 * never extended by refreshing, so a stolen refresh token kept alive by rotation dies with it.
 * Saved ("remember me"): 30 days, NIST SP 800-63B §4.1.3's bound on re-authentication at AAL1 —
 * a password alone is AAL1. Not saved: one day, and the SPA keeps no refresh token anyway (docs/product.md §4).
 */
export const SESSION_LIFETIME_SAVED_SECONDS = 30 * 24 * 60 * 60;
export const SESSION_LIFETIME_UNSAVED_SECONDS = 24 * 60 * 60;
/**
 * Two tabs refreshing with the same token at once both succeed within this window, and both get the
 * same successor token, so the family never forks (docs/decisions.md, RFC 9700 §4.14.2).
 */
export const REFRESH_REUSE_GRACE_SECONDS = 10;

// The code's length lives in the contract, which the SPA's code field reads too.
export { OTP_DIGITS } from '../contract/verification.js';
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 2 * 60;
export const OTP_HOURLY_CAP_PER_CONTACT = 5;
export const OTP_HOURLY_CAP_PER_IP = 30;
/**
 * The SMS gateways' chain (issue 37, senders/sms-gateway-chain.ts). A person is waiting for the code: a
 * gateway that has not taken it in 5 s is given up for the next one. One that failed this many times in a
 * row is skipped for a minute (each process keeps its own count), then tried again.
 */
export const SMS_GATEWAY_TIMEOUT_MS = 5_000;
export const SMS_GATEWAY_FAILURES_BEFORE_SKIP = 3;
export const SMS_GATEWAY_SKIP_SECONDS = 60;
/** How long a request_id (proof that a contact was verified) stays redeemable. */
export const VERIFICATION_TTL_SECONDS = 15 * 60;

/**
 * Social sign-in (issue 36): a flow between its two legs (the state, nonce and PKCE verifier, RFC 6749
 * §10.12, RFC 7636) and the browser's binding cookie live this long: time to choose an account at the
 * provider, no more.
 */
export const SOCIAL_FLOW_TTL_SECONDS = 10 * 60;
/** The `integration` step's pending link: time to prove the existing account, and the proofs it allows. */
export const SOCIAL_PENDING_LINK_TTL_SECONDS = 10 * 60;
export const SOCIAL_PENDING_LINK_MAX_ATTEMPTS = 5;
/** Calls to /SocialAuth/ per client address and minute: each begins or ends a flow, or asks a provider. */
export const SOCIAL_REQUESTS_PER_MINUTE_PER_IP = 60;
/**
 * Passkeys and two-step verification (issue 41). A WebAuthn challenge lives as long as a ceremony
 * takes (WebAuthn L3 §15.4: the timeout the options carry, 5 minutes recommended for user
 * verification); the browser's sign-in cookie that binds it, and a half-done sign-in, a little longer.
 */
export const WEBAUTHN_CHALLENGE_TTL_SECONDS = 5 * 60;
export const SIGN_IN_BINDING_MAX_AGE_SECONDS = 10 * 60;
/** An authenticator app's secret waits this long for its first code; a half-done sign-in this long for its second step. */
export const TOTP_SETUP_TTL_SECONDS = 10 * 60;
export const SECOND_STEP_TTL_SECONDS = 5 * 60;
/** Wrong second steps a half-done sign-in allows, as a code does (OTP_MAX_ATTEMPTS). */
export const SECOND_STEP_MAX_ATTEMPTS = 5;
export const RECOVERY_CODE_COUNT = 10;
/** Passkey sign-in answers (`POST /login/passkey/`) per client address and minute: each checks a signature. */
export const PASSKEY_SIGN_IN_CALLS_PER_MINUTE_PER_IP = 30;
/**
 * Passkey sign-in challenges (`POST /login/passkey/options/`) per client address and minute. Login asks
 * for one on every load, for the browser's autofill (WebAuthn L3 §5.1.4, conditional mediation), and
 * mobile carriers put many people behind one address (carrier-grade NAT), so this is a bound on rows
 * written, not on people: each is a small row swept after its lifetime.
 */
export const PASSKEY_OPTIONS_PER_MINUTE_PER_IP = 300;
/** "Was this helpful?" answers one address may send per hour (issue 38): a counter, not a ballot box. */
export const HELP_FEEDBACK_PER_HOUR_PER_IP = 30;
/** How long a browser or proxy may keep GET /SocialAuth/providers/ (the offered providers change only on a restart). */
export const SOCIAL_PROVIDERS_MAX_AGE_SECONDS = 5 * 60;

export interface ThrottlePolicy {
  /** Failures in a row that cost nothing; the last of them sets the first lock (3 free: the 4th try waits). */
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

/**
 * A sign-in attempt is counted before its password is checked (services/login-throttle.ts). A reservation
 * not settled by then — its process died mid-check — stops counting after this long.
 */
export const LOGIN_ATTEMPT_RESERVATION_SECONDS = 60;
/**
 * How long an attempt may wait for earlier attempts at the same key to be decided before it is
 * refused (429, Retry-After 1): checking one password takes well under a second.
 */
export const LOGIN_ATTEMPT_MAX_WAIT_MS = 5000;
/**
 * How long a password hash or verification may wait for its turn at the process's gate
 * (lib/passwords.ts, PASSWORD_HASH_CONCURRENCY at once) before the request is answered 503
 * `server_busy`, unless PASSWORD_HASH_MAX_WAIT_SECONDS says otherwise: a turn comes within tens of
 * milliseconds unless a flood fills the queue, and a person would rather be told to retry than
 * wait on a queue that grows with the flood.
 */
export const PASSWORD_HASH_MAX_WAIT_MS = 2000;
/** The Retry-After of that 503 (RFC 9110 §10.2.3): long enough for the queue ahead to have moved. */
export const PASSWORD_HASH_BUSY_RETRY_AFTER_SECONDS = 2;

/** Account-existence checks per client address per minute. */
export const CHECK_REQUESTS_PER_MINUTE_PER_IP = 60;

export const JSON_BODY_LIMIT_BYTES = 16 * 1024;
/**
 * A body answered before it was read (a 413 from its length, a 401 before it was looked at) is
 * still read to its end and thrown away when it declares at most this many bytes, so that the
 * connection serves the next request (middleware/unread-body.ts). Above the largest body any route
 * takes, a photo of 5 MB with its multipart framing; a longer or unsized one closes the connection.
 */
export const UNREAD_BODY_DRAIN_MAX_BYTES = 8 * 1024 * 1024;
/**
 * A connection closed on a body it did not read keeps reading (and dropping) what the client still
 * sends for this long after the answer, or until the body ends, so that the close does not reset the
 * answer away (RFC 9112 §9.6): time, not bytes, bounds it, since closing while the client still
 * sends is what loses the answer. nginx's lingering_timeout is 5 s.
 */
export const UNREAD_BODY_LINGER_MS = 2000;

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
/** A partner frame's nonce to join a sign-in of this browser (services/frame-join.ts): this long after the tap, once. */
export const FRAME_JOIN_NONCE_TTL_SECONDS = 60;
/** Nonces of the frame's join a device may ask for in a minute: taps, not a loop filling the table. */
export const FRAME_JOIN_NONCES_PER_MINUTE_PER_DEVICE = 20;
/** A deactivated account can be restored for this long; then it is erased for good. */
export const ACCOUNT_ERASE_GRACE_DAYS = 30;
/** How often the erase job looks for accounts whose grace period has ended. */
export const ERASE_JOB_INTERVAL_SECONDS = 60 * 60;
/**
 * How often each instance asks whether a background job is due (services/job-runner.ts). The job
 * itself runs once per its interval across all instances; asking more often than that keeps the
 * cadence close to the interval whichever instance happens to ask first.
 */
export const JOB_POLL_SECONDS = 5 * 60;
/**
 * How long a job's lease holds: an instance that died mid-run leaves the job to another after this.
 * Longer than any run takes.
 */
export const JOB_LEASE_SECONDS = 10 * 60;
/** How often expired rate-limit windows are dropped (services/rate-limiter.ts). */
export const RATE_WINDOW_SWEEP_INTERVAL_SECONDS = 60 * 60;
/** How often sign-in throttle keys that count nothing any more are dropped (services/login-throttle.ts). */
export const LOGIN_THROTTLE_SWEEP_INTERVAL_SECONDS = 60 * 60;
/** No rate limiter's window is longer: the sweep drops every window that began before this. */
export const RATE_WINDOW_MAX_SECONDS = 60 * 60;
/** How often spent one-time codes, request ids and step-up proofs are dropped (services/spent-codes.ts). */
export const SPENT_CODE_SWEEP_INTERVAL_SECONDS = 60 * 60;
/**
 * How long such a row stays after it expired. An expired one is refused whatever its row says; the
 * hourly code caps count back one hour only. A day leaves an operator the recent rows of a complaint.
 */
export const SPENT_CODE_KEEP_SECONDS = 24 * 60 * 60;

/**
 * A production KEY_ENCRYPTION_SECRET must be estimated at this many bits or more
 * (config/secret-strength.ts): the strength of AES-128, and far below what `openssl rand -base64 32`
 * gives (at least 185 by the estimate in 5000 draws), so only a typed or patterned secret falls short.
 */
export const KEY_ENCRYPTION_SECRET_MIN_ESTIMATED_BITS = 128;

/**
 * Signing-key rotation (docs/keys.md). A new key is created this long before it signs, and is
 * published in the JWKS at once, so every instance (which re-reads the keys every
 * SIGNING_KEY_CACHE_SECONDS) and every client (which may keep the JWKS DISCOVERY_MAX_AGE_SECONDS)
 * knows it before the first token it signs.
 */
export const SIGNING_KEY_PUBLISH_LEAD_SECONDS = 24 * 60 * 60;
/** A key signs for this long before its successor takes over. */
export const SIGNING_KEY_ROTATION_SECONDS = 30 * 24 * 60 * 60;
/** How long an instance keeps the keys it read before it reads them again. */
export const SIGNING_KEY_CACHE_SECONDS = 60;
/** A token naming a key this instance does not know makes it re-read the keys at once, at most this often (a forged kid costs at most one read a second). */
export const SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS = 1;
/**
 * A retired signing key stays published and verifying this long after its successor took over:
 * the longest lifetime of anything it signed (access tokens, ID tokens), plus the time an instance
 * may keep signing with it from its cache.
 */
export const SIGNING_KEY_RETIRED_KEEP_SECONDS =
  Math.max(ACCESS_TOKEN_TTL_SECONDS, ID_TOKEN_TTL_SECONDS) + SIGNING_KEY_CACHE_SECONDS;
/** How often the rotation job looks whether a key is due (it does nothing until one is). */
export const SIGNING_KEY_JOB_INTERVAL_SECONDS = 60 * 60;
/** The largest page of the security log a client may ask for. */
export const AUDIT_LOG_MAX_PAGE_SIZE = 100;
/**
 * A failed attempt on an account (a wrong password, a wrong sign-in code, a lock) is written to its
 * security log at most once per kind in this long: anyone may type a phone number and a wrong
 * password, and a line per guess would let a stranger bury the owner's own events (and fill the table).
 */
export const AUDIT_LOG_FAILURE_INTERVAL_SECONDS = 15 * 60;

/** The largest profile photo accepted, in bytes (issue 5: 5 MB). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/**
 * Decompression bombs: a small file can declare a huge canvas. A photo larger than this many pixels
 * (a 48-megapixel phone camera stays under it) is refused before it is decoded.
 */
export const PHOTO_MAX_INPUT_PIXELS = 50_000_000;
/** The longest side of the photo as kept; the served sizes are made from it. */
export const PHOTO_STORED_MAX_SIDE_PX = 1024;
/** Complaints one account, or one client address signed out, may file per COMPLAINT_WINDOW_SECONDS (issue 38). */
export const COMPLAINTS_PER_WINDOW = 5;
export const COMPLAINT_WINDOW_SECONDS = 60 * 60;
/** The largest page of complaints a client may ask for, and the operator's list. */
export const COMPLAINTS_MAX_PAGE_SIZE = 50;
/** How long after a validation request support is expected to answer (issue 38), shown to the person. */
export const VALIDATION_ANSWER_EXPECTED_HOURS = 24;
/** Addresses one account may keep. */
export const ADDRESSES_MAX_PER_USER = 20;
/** Regions and districts change by law, rarely: browsers may keep the list a day. */
export const REGIONS_MAX_AGE_SECONDS = 24 * 60 * 60;

/**
 * How long Kirish waits for a social provider's answer (services/social/provider-http.ts) before the
 * sign-in fails with `social_login_failed`: the person is waiting on the callback page meanwhile.
 */
export const SOCIAL_PROVIDER_TIMEOUT_MS = 10_000;
/**
 * A Telegram login widget's answer older than this is refused (core.telegram.org/widgets/login,
 * "Checking authorization": check `auth_date` to refuse outdated data): a leaked link is not a sign-in for ever.
 */
export const TELEGRAM_AUTH_MAX_AGE_SECONDS = 24 * 60 * 60;
/**
 * The lifetime of the client secret Kirish signs for Apple's token endpoint (Apple, "Creating a client
 * secret": at most 6 months). One is signed for each exchange, so minutes are enough, and a leaked one is soon dead.
 */
export const APPLE_CLIENT_SECRET_TTL_SECONDS = 5 * 60;

/**
 * The device cookie (middleware/device-key.ts) lives as long as the SPA's other cookies (docs/product.md §9:
 * 365 days); every sign-in on the device sets it again.
 */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/**
 * A sign-in made for an app's authorization request counts as the fresh authentication that
 * `prompt=login` or an exceeded `max_age` asked for (OpenID Connect Core §3.1.2.1) for this long,
 * and only until it has given that app one code (features/oauth/authorize-routes.ts).
 */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;
/**
 * Sign-in by QR (issue 39; the request's 60 s lifetime is contract/qr-login.ts's): requests one client
 * address may make per minute. The Login page makes one a minute; an office behind one address makes
 * a few; a script relaying codes to a phishing page makes many.
 */
export const QR_LOGIN_REQUESTS_PER_MINUTE_PER_IP = 20;
/**
 * A phone approving a sign-in by QR with an access token signed longer ago than this must give a
 * step-up proof (contract/step-up.ts) first: an approval hands a whole new sign-in to another device,
 * as weighty as the changes that need one (NIST SP 800-63B §4.2, re-authentication).
 */
export const QR_APPROVAL_TOKEN_MAX_AGE_SECONDS = 10 * 60;
/** The longest a long poll of a QR request's events waits with nothing new (under proxies' 30 s timeouts). */
export const QR_EVENTS_LONG_POLL_SECONDS = 25;
/** A comment line on the event stream this often, so that no proxy closes it as idle. */
export const QR_EVENTS_HEARTBEAT_SECONDS = 15;
/** A waiting stream reads its request again at least this often, whatever signal was lost. */
export const QR_EVENTS_POLL_MS = 1000;

/**
 * How many apps one account may register in the Developers section (docs/decisions.md, Who may
 * register an app): enough for a developer's test, staging and production apps of a few products,
 * few enough that one account cannot flood the registry or the consent screens with look-alikes.
 */
export const DEVELOPER_APPS_PER_ACCOUNT = 10;

/**
 * Payments (issue 40, docs/api.md, Payments). How long a call to the payment processor may take before
 * it counts as unanswered (a payment then waits for the next read's reconcile).
 */
export const PAYMENT_PROCESSOR_TIMEOUT_MS = 15_000;
/**
 * A payment claimed this long ago whose receipt the processor still shows unpaid is given up, and the bill
 * may be paid again: longer than the processor's timeout, so a payment still under way is never released.
 */
export const PAYMENT_CLAIM_STALE_SECONDS = 60;
/** The most receipts one page of `GET receipts/` holds, and how many unless `page_size` says. */
export const RECEIPTS_PAGE_SIZE_MAX = 50;
export const RECEIPTS_PAGE_SIZE_DEFAULT = 20;
/** How long a partner's webhook endpoint may take to answer. */
export const PAYMENT_WEBHOOK_TIMEOUT_MS = 5_000;
/** The largest bill: 100 000 000 so'm in tiyin, far above any real purchase; more is a mistake. */
export const PAYMENT_AMOUNT_MAX_TIYIN = 10_000_000_000;
