/**
 * Row shapes of the database, as Kysely sees them. Times are integer milliseconds since the epoch;
 * booleans are 0/1 integers, so one shape serves SQLite and PostgreSQL alike.
 */
import type { Generated } from 'kysely';
import type {
  ComplaintAttachmentsTable,
  ComplaintMessagesTable,
  ComplaintsTable,
  IdentityValidationsTable,
} from './complaint-schema.js';
import type { LinkedIdentitiesTable, PendingLinksTable, SocialFlowsTable } from './social-schema.js';
import type { QrLoginRequestsTable } from './qr-login-schema.js';
import type { PaymentTables } from './payment-schema.js';
import type { ReviewTables } from './review-schema.js';
import type { HissaTables } from './hissa-schema.js';
import type { PasskeyTables } from './passkey-schema.js';

export interface UsersTable {
  id: string;
  phone: string | null;
  email: string | null;
  email_verified: number;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  is_inactivated: number;
  created_at: number;
  updated_at: number;
  password_changed_at: number | null;
  /** Migration 0004: the personal profile and what MyProfile shows of the security pages. */
  middle_name: string | null;
  username: string | null;
  birth_date: string | null;
  gender: string | null;
  photo: string | null;
  verification_status: Generated<string>;
  secondary_phone: string | null;
  secondary_email: string | null;
  inactivated_at: number | null;
  erase_at: number | null;
  /** Migration 0013: docs/product.md §3's registration kind (0 social, 1, 2); null for accounts made before it was kept. */
  registration_kind: number | null;
  /** Migration 0013: the PINFL OneID vouched for (14 digits). */
  pinfl: string | null;
}

export interface OtpCodesTable {
  id: string;
  purpose: string;
  contact_type: string;
  contact: string;
  code_hash: string;
  channel: string;
  ip: string;
  created_at: number;
  expires_at: number;
  attempts: Generated<number>;
  /** Set when the code is used, replaced by a newer one, or has run out of attempts. */
  closed_at: number | null;
  close_reason: string | null;
}

export interface VerificationsTable {
  id: string;
  request_hash: string;
  purpose: string;
  contact_type: string;
  contact: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Migration 0005: the account a signed-in section's request id belongs to; null for sign-in and sign-up. */
  user_id: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  device_id: string | null;
  user_agent: string | null;
  ip: string;
  source: string | null;
  product_source: string | null;
  oauth_client_id: string | null;
  save: number;
  created_at: number;
  last_seen_at: number;
  ended_at: number | null;
  end_reason: string | null;
  /** 'sso' or 'oauth' (migration 0003). */
  kind: string;
  scope: string | null;
  auth_time: number | null;
  /** A session joined in a partner's frame: the sign-in it was joined from (migration 0011). */
  parent_session_id: string | null;
  /** Of such a session: the partner page's origin (RFC 6454 serialization). */
  partner_origin: string | null;
  /** Migration 0020: how the person signed in, a JSON array of RFC 8176 values; null before it (no claim). */
  amr: string | null;
  /** Migration 0020: of an `oauth` session, the `acr` its request asked for and met. */
  acr: string | null;
}

export interface RefreshTokensTable {
  id: string;
  session_id: string;
  token_hash: string;
  parent_id: string | null;
  created_at: number;
  expires_at: number;
  rotated_at: number | null;
}

export interface LoginThrottleTable {
  scope: string;
  key: string;
  failures: number;
  last_failure_at: number;
  locked_until: number | null;
  /** Migration 0006: attempts reserved and still being checked, and until when they count. */
  pending: Generated<number>;
  pending_until: number | null;
  /** Migration 0009: until when an attempt refused here waits for those under way. */
  waited_until: Generated<number | null>;
}

/** Migration 0006: the row a transaction writes first to count against a limit alone (storage.ts `limitLocks`). */
export interface LimitLocksTable {
  scope: string;
  key: string;
  taken_at: number;
}

export interface OutboxTable {
  id: string;
  channel: string;
  recipient: string;
  code: string | null;
  text: string;
  created_at: number;
}

export interface SigningKeysTable {
  kid: string;
  alg: string;
  private_jwk: string;
  public_jwk: string;
  created_at: number;
  retired_at: number | null;
  /** Migration 0008: signs from then on; published from its creation. */
  activates_at: number;
}

export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}

export interface OAuthClientsTable {
  id: string;
  name: string;
  logo_url: string | null;
  home_page: string | null;
  /** JSON arrays of strings, as text: one shape for SQLite and PostgreSQL. */
  redirect_uris: string;
  web_origins: string;
  scopes: string;
  post_logout_redirect_uris: string;
  first_party: number;
  kind: string;
  secret_hash: string | null;
  created_at: number;
  updated_at: number;
  /** Migration 0007 (issue 11): the Developers section. */
  owner_id: string | null;
  privacy_policy_url: string | null;
  terms_url: string | null;
  secret_created_at: number | null;
}

export interface AuthorizationCodesTable {
  id: string;
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  scope: string;
  code_challenge: string | null;
  code_challenge_method: string | null;
  nonce: string | null;
  sso_session_id: string;
  auth_time: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  session_id: string | null;
  /** Migration 0020: the sign-in's `amr` (JSON array of RFC 8176 values), carried to the client's session. */
  amr: string | null;
  /** Migration 0020: the `acr` the request asked for and the sign-in met. */
  acr: string | null;
}

export interface OAuthGrantsTable {
  user_id: string;
  client_id: string;
  scope: string;
  created_at: number;
}

export interface AddressesTable {
  id: string;
  user_id: string;
  label: string | null;
  region: string;
  district: string;
  street: string;
  house: string;
  apartment: string | null;
  postal_code: string | null;
  is_default: number;
  created_at: number;
  updated_at: number;
}

/** Migration 0005: an account's security log. */
export interface AuditEventsTable {
  id: string;
  user_id: string;
  type: string;
  created_at: number;
  ip: string;
  user_agent: string | null;
  session_id: string | null;
  /** A JSON object, as text. */
  details: string;
}

/** Migration 0005: step-up proofs, only as hashes. */
export interface StepUpProofsTable {
  id: string;
  proof_hash: string;
  user_id: string;
  session_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Migration 0008: fixed-window counters every instance counts in. */
export interface RateWindowsTable {
  scope: string;
  key: string;
  window_start: number;
  hits: number;
}

/** Migration 0008: who runs a background job now, and when it last ran. */
export interface JobLeasesTable {
  name: string;
  holder: string;
  lease_until: number | null;
  last_run_at: number | null;
}

/** Migration 0010: the images (profile photos, app logos), one row per stored size. */
export interface ImagesTable {
  source: string;
  size: string;
  data: Buffer;
  created_at: number;
}

/** Migration 0014: one SMS or call handed to a gateway, and what became of it (sms-message-storage.ts). */
export interface SmsMessagesTable {
  id: string;
  gateway: string;
  gateway_message_id: string | null;
  phone_masked: string;
  purpose: string | null;
  code_id: string | null;
  channel: string;
  status: string;
  created_at: number;
  sent_at: number | null;
  delivered_at: number | null;
  failed_at: number | null;
  error: string | null;
}

/** Migration 0015: the help centre's "was this helpful?" counters (help-feedback-storage.ts). */
export interface HelpFeedbackTable {
  article_id: string;
  locale: string;
  helpful: number;
  votes: number;
}

export interface Database extends PaymentTables, PasskeyTables, ReviewTables, HissaTables {
  users: UsersTable;
  otp_codes: OtpCodesTable;
  verifications: VerificationsTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_throttle: LoginThrottleTable;
  limit_locks: LimitLocksTable;
  outbox: OutboxTable;
  signing_keys: SigningKeysTable;
  server_secrets: ServerSecretsTable;
  oauth_clients: OAuthClientsTable;
  authorization_codes: AuthorizationCodesTable;
  oauth_grants: OAuthGrantsTable;
  addresses: AddressesTable;
  audit_events: AuditEventsTable;
  step_up_proofs: StepUpProofsTable;
  rate_windows: RateWindowsTable;
  job_leases: JobLeasesTable;
  images: ImagesTable;
  linked_identities: LinkedIdentitiesTable;
  social_flows: SocialFlowsTable;
  pending_links: PendingLinksTable;
  sms_messages: SmsMessagesTable;
  help_feedback: HelpFeedbackTable;
  complaints: ComplaintsTable;
  complaint_messages: ComplaintMessagesTable;
  complaint_attachments: ComplaintAttachmentsTable;
  identity_validations: IdentityValidationsTable;
  qr_login_requests: QrLoginRequestsTable;
}
