/**
 * Sign-in requests by QR (issue 39, kysely-qr-login-storage.ts, migration 0017): one row per code a
 * browser shows, in the database every instance shares, so the phone's approval may reach any
 * instance and the browser's waiting stream another. Every change of state is one conditional
 * UPDATE: of two racing calls exactly one wins, on any number of instances.
 */

/** As stored. A request past `expiresAt` in `pending` or `scanned` is expired: that is read from the clock, never written. */
export type QrLoginState = 'pending' | 'scanned' | 'approved' | 'denied' | 'killed';

export interface QrLoginRequest {
  /** 128 random bits, base64url: in the QR, and in every call. */
  id: string;
  /** SHA-256 of the browser's 256-bit secret (lib/secrets.ts): the secret itself is never kept. */
  secretHash: string;
  /** The two digits the browser shows. */
  number: string;
  /** The three the phone offers, in their order; one is `number`. */
  numbers: [string, string, string];
  /** The requesting browser, as its sign-in's session will record it. */
  userAgent: string | null;
  ip: string;
  place: string | null;
  /** The device secret's hash the request's answer bound the browser to (middleware/device-key.ts). */
  deviceId: string | null;
  createdAt: number;
  expiresAt: number;
  state: QrLoginState;
  /** Who approved it; null until then. */
  userId: string | null;
  /** The approval's `save`: the new session's lifetime. */
  save: boolean;
  /** When it was approved, denied or killed. */
  decidedAt: number | null;
  /** When its tokens were handed to the browser: at most once. */
  consumedAt: number | null;
}

export interface QrLoginStorage {
  qrLogins: {
    insert(request: QrLoginRequest): Promise<void>;
    find(id: string): Promise<QrLoginRequest | undefined>;
    /** `pending` → `scanned` while live; false when it was not pending or has expired. */
    markScanned(id: string, at: number): Promise<boolean>;
    /** `pending` or `scanned` → `approved` by `userId`, while live; false otherwise (already closed, expired). */
    approve(id: string, approval: { userId: string; save: boolean; at: number }): Promise<boolean>;
    /** `pending` or `scanned` → `denied` or `killed`, while live; false otherwise. */
    close(id: string, state: 'denied' | 'killed', at: number): Promise<boolean>;
    /** Marks an approved request's tokens handed over; true for exactly one caller, ever. */
    consume(id: string, at: number): Promise<boolean>;
    /** Deletes the requests that expired before `before`; returns how many. */
    sweep(before: number): Promise<number>;
  };
}
