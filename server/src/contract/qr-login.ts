/**
 * Signing in by QR (issue 39, docs/api.md, Sign-in by QR): a browser not signed in shows a code; a
 * phone signed in to Kirish reads it, shows who is asking and approves by choosing the number the
 * browser shows. The threat model is in docs/decisions.md, "Sign-in by QR".
 */
import type { TokenResponse } from './tokens.js';

/** How long a request lives, in seconds (docs/product.md §9: the QR's countdown is 60 s). */
export const QR_LOGIN_LIFETIME_SECONDS = 60;

/** POST /sso/api/v1/qr/login-requests/ (anonymous) → 201. */
export interface QrLoginRequestCreated {
  /** Random, ≥128 bits, URL-safe; names the request in the QR and in every call. */
  id: string;
  /** Random, ≥128 bits; only its hash is kept. The browser sends it as `X-Qr-Secret` to read the events. */
  secret: string;
  /** `{PUBLIC_URL}/personal/qr-scanner#{id}`: what the QR holds, so a phone's own camera app opens Kirish. */
  qr: string;
  /** Two digits ("07"), shown beside the QR; the phone must pick the same one. */
  number: string;
  expires_in: number;
}

/** The header that carries the secret: never the URL (it would reach logs and the Referer). */
export const QR_SECRET_HEADER = 'X-Qr-Secret';

/**
 * GET /sso/api/v1/qr/login-requests/{id}/events (header X-Qr-Secret): server-sent events, one of
 * them final. With `?wait=long` (or Accept other than text/event-stream) a long poll instead: one JSON
 * body of the same shape, `{state: 'pending'}` after at most 25 s with nothing new. "New" is a state
 * other than `?after=` (`pending`, the default, or `scanned`: the last state the browser saw).
 * A request the phone killed (a wrong number) ends with `denied`, as a refusal does.
 */
export type QrLoginEvent =
  | { state: 'pending' }
  /** The phone opened the request (its details are on screen there): the browser says "Confirm on your phone". */
  | { state: 'scanned' }
  /** Sent exactly once: the token response of the new sign-in, as any sign-in answers. */
  | { state: 'approved'; tokens: TokenResponse }
  | { state: 'denied' }
  | { state: 'expired' };

/** The SSE event names: `event: <state>` with `data: <QrLoginEvent JSON>`. */
export type QrLoginEventName = QrLoginEvent['state'];

/** GET /sso/api/v1/qr/login-requests/{id}/ (Bearer): what the phone shows before approving. */
export interface QrLoginRequestDetails {
  id: string;
  /** From the requesting browser's User-Agent, as the sessions page names a device: "Chrome", "Windows". */
  browser: string | null;
  os: string | null;
  ip: string | null;
  /** Approximate place from the IP if known ("Tashkent, Uzbekistan"); null otherwise. */
  place: string | null;
  /** ISO 8601 */
  created_at: string;
  expires_in: number;
  /** Three two-digit numbers in random order; one is the browser's. */
  numbers: [string, string, string];
}

/** POST /sso/api/v1/qr/login-requests/{id}/approve/ (Bearer) → 204. */
export interface QrLoginApproval {
  number: string;
  /** Keep the refresh token on the browser being signed in (as `save` of a sign-in). */
  save?: boolean;
  /**
   * A step-up proof (contract/step-up.ts, POST /user/security/proof/): needed only when the phone's
   * access token is older than QR_APPROVAL_TOKEN_MAX_AGE_SECONDS (server/src/config/policy.ts), which
   * the answer `proof_required` says; the phone then asks for the password or a code and sends again.
   */
  proof?: string;
}
