/** Row shapes of migration 0013's tables, social sign-in (schema.ts composes them into `Database`). */
import type { Generated } from 'kysely';

/** Migration 0013: a provider identity linked to an account (storage/social-storage.ts). */
export interface LinkedIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  email_verified: number;
  display: string | null;
  linked_at: number;
}

/** Migration 0013: a social sign-in flow between its two legs. */
export interface SocialFlowsTable {
  state_hash: string;
  binding_hash: string;
  provider: string;
  purpose: string;
  user_id: string | null;
  nonce: string;
  code_verifier: string;
  popup: number;
  apple_user: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Migration 0013: an identity waiting for proof of the account its contact belongs to. */
export interface PendingLinksTable {
  id: string;
  token_hash: string;
  binding_hash: string;
  identity: string;
  provider: string;
  user_id: string;
  contact_type: string;
  contact: string;
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
