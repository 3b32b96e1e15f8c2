/** Row shapes of migration 0017's table, as Kysely sees them (schema.ts composes them into `Database`). */

/** Migration 0017: a sign-in request by QR (qr-login-storage.ts). */
export interface QrLoginRequestsTable {
  id: string;
  secret_hash: string;
  number: string;
  /** The three numbers the phone offers, comma-separated. */
  numbers: string;
  user_agent: string | null;
  ip: string;
  place: string | null;
  device_id: string | null;
  created_at: number;
  expires_at: number;
  state: string;
  user_id: string | null;
  save: number;
  decided_at: number | null;
  consumed_at: number | null;
}
