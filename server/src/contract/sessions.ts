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
  /** The product the sign-in came through (SPEC §7 `{product}-Source`, then `source`). */
  source: string | null;
  /** ISO 8601. */
  created_at: string;
  /** The sign-in or the last token refresh. */
  last_active_at: string;
  current: boolean;
}

/** POST /user/sessions/end-others/, and a password change or reset that may end the others. */
export interface SessionsEnded {
  ended: number;
}
