/** Row shapes of migration 0019's tables, as Kysely sees them (schema.ts composes them into `Database`). */

/** A WebAuthn credential of an account (passkey-storage.ts). Ids and keys are base64url text. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  /** JSON array of AuthenticatorTransport values. */
  transports: string;
  backup_eligible: number;
  backup_state: number;
  name: string;
  created_at: number;
  last_used_at: number | null;
}

/** A WebAuthn challenge, kept as its hash, single-use, bound to the browser's sign-in cookie. */
export interface WebauthnChallengesTable {
  challenge_hash: string;
  binding_hash: string;
  purpose: string;
  user_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Migration 0021: the client whose embed asked for a sign-in challenge, or null. */
  client_id: string | null;
}

/** An authenticator app's secret (two-step-storage.ts), sealed; confirmed by a first code. */
export interface TotpSecretsTable {
  id: string;
  user_id: string;
  sealed_secret: string;
  created_at: number;
  confirmed_at: number | null;
  last_step: number | null;
}

export interface RecoveryCodesTable {
  id: string;
  user_id: string;
  code_hash: string;
  created_at: number;
  used_at: number | null;
}

/** A sign-in whose first step passed and that waits for its second (two-step-storage.ts). */
export interface SecondStepsTable {
  id: string;
  token_hash: string;
  binding_hash: string;
  user_id: string;
  first_method: string;
  /** Migration 0020: the first step's `amr` (JSON array of RFC 8176 values). */
  first_amr: string | null;
  save: number;
  attempts: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Migration 0019's tables, which `Database` (schema.ts) extends. */
export interface PasskeyTables {
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  totp_secrets: TotpSecretsTable;
  recovery_codes: RecoveryCodesTable;
  second_steps: SecondStepsTable;
}
