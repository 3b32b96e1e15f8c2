/** Where the account is signed in to Kirish: GET /user/sessions/ and ending sessions. */

/** Read from the User-Agent header; the browser and system are names only, never versions. */
export type DeviceKind = 'desktop' | 'mobile' | 'tablet' | 'unknown';

/** GET /user/sessions/: one open sign-in to Kirish, the caller's own first. */
export interface ActiveSession {
  id: string;
  device: DeviceKind;
  browser: string | null;
  os: string | null;
  ip: string;
  /** The product the sign-in came through (docs/product.md §7 `{product}-Source`, then `source`). */
  source: string | null;
  /** A session a partner's frame joined (POST /fedcm/frame/session/): the partner page's origin; else null. */
  partner_origin: string | null;
  /**
   * How the sign-in was made, as its security-log line says: `password`, `code`, `qr` (a sign-in by QR), or the provider (`google`,
   * `telegram`, … of contract/social.ts); null when that is not known (a registration, a joined frame).
   */
  method: string | null;
  /** ISO 8601. */
  created_at: string;
  /** The sign-in or the last token refresh. */
  last_active_at: string;
  current: boolean;
}

/**
 * POST /user/sessions/end-others/: ending every other sign-in at once needs a fresh step-up proof
 * (POST /user/security/proof/), as OWASP ASVS 5.0 §7.5.2 asks before terminating sessions in bulk.
 */
export interface EndOtherSessionsRequest {
  /** Required: without it (or with a used, expired or another sign-in's one) the answer is `proof_required`. */
  proof?: string;
}

/** POST /user/sessions/end-others/, and a password change or reset that may end the others. */
export interface SessionsEnded {
  ended: number;
}
