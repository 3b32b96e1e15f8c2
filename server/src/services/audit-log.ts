/**
 * The account's security log: what happened, when, from which address and device. Written in the
 * transaction of the change it records (docs/product.md §11: nothing a user did is lost on a crash, and no
 * line is written for a change that was rolled back), read on the security page and in the export.
 */
import { AUDIT_LOG_FAILURE_INTERVAL_SECONDS } from '../config/policy.js';
import type { SecurityEvent } from '../contract/security-events.js';
import { orderedId } from '../lib/ordered-id.js';
import { parseUserAgent } from '../lib/user-agent.js';
import type { RequestMeta } from '../lib/request-meta.js';
import type { AuditDetails, AuditEvent } from '../storage/storage.js';
import type { Storage } from '../storage/storage.js';

/** Each has a text `security_event_<type>` in every locale, which the SPA shows. */
export const AUDIT_EVENT_TYPES = [
  'login',
  'logout',
  'session_ended',
  'sessions_ended_others',
  /** A partner's frame joined a sign-in of the browser (docs/fedcm.md); `details.origin` is the partner page's. */
  'frame_session_joined',
  'password_changed',
  'password_reset',
  'phone_changed',
  'email_changed',
  'secondary_added',
  'secondary_removed',
  'secondary_made_primary',
  'grant_revoked',
  'deactivated',
  'restored',
  'app_created',
  'app_deleted',
  'app_secret_rotated',
  /** The operator's `npm run clients -- remove` / `rotate-secret` on an app the account registered. */
  'app_removed_by_operator',
  'app_secret_rotated_by_operator',
  /** A partner app got a code: through FedCM's ID-assertion endpoint (docs/fedcm.md) or /authorize. */
  'app_signed_in',
  'registered',
  'email_verified',
  'profile_changed',
  'photo_changed',
  /** The account's phone approved a sign-in by QR (issue 39) on another browser; `details` name that browser. */
  'qr_approved',
  /** A provider's identity linked to the account, or unlinked (issue 36); `details.provider` names it. */
  'social_linked',
  'social_unlinked',
  /**
   * Passkeys (issue 41): one added or removed (`details.name`), and a sign-in refused because the
   * passkey's signature counter went backwards (WebAuthn L3 §6.1.1: it may have been cloned).
   */
  'passkey_added',
  'passkey_removed',
  'passkey_counter_regressed',
  /**
   * Two-step verification (issue 41): an authenticator app set up, replaced, turned off; a new set of
   * recovery codes; a recovery code used to finish a sign-in.
   */
  'two_step_enabled',
  'two_step_changed',
  'two_step_disabled',
  'recovery_codes_renewed',
  'recovery_code_used',
  /**
   * Identity validation (issue 38): the person asked for it (`details.reference`), and support's
   * decision through the operator API (`details.reason` when it failed).
   */
  'validation_started',
  'validation_verified',
  'validation_failed',
  /**
   * Failed attempts (OWASP ASVS 5.0 §16.3.1, authentication failures are logged), each at most once
   * per AUDIT_LOG_FAILURE_INTERVAL_SECONDS and account (recordFailure): a wrong password at sign-in or
   * at a step-up (`details.where`), a wrong code at sign-in, and the password lock the failures set.
   */
  'password_failed',
  'code_failed',
  'password_locked',
] as const;

export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

export interface AuditEntry {
  type: AuditEventType;
  userId: string;
  /** The sign-in the action came from, when there is one. */
  sessionId: string | null;
  meta: Pick<RequestMeta, 'ip' | 'userAgent'>;
  at: number;
  details?: AuditDetails;
}

export async function recordEvent(tx: Storage, entry: AuditEntry): Promise<void> {
  await tx.auditLog.insert({
    id: orderedId(entry.at),
    userId: entry.userId,
    type: entry.type,
    createdAt: entry.at,
    ip: entry.meta.ip,
    userAgent: entry.meta.userAgent,
    sessionId: entry.sessionId,
    details: entry.details ?? {},
  });
}

/**
 * A failed attempt, outside any transaction (the request it records fails, and its rollback must not
 * take the line along): written unless the account has a line of the same kind from the last
 * AUDIT_LOG_FAILURE_INTERVAL_SECONDS. So guesses at a stranger's account cost it one line per kind
 * and interval, not one per guess. Its details never carry what was typed.
 */
export async function recordFailure(
  storage: Storage,
  entry: AuditEntry & { type: 'password_failed' | 'code_failed' | 'password_locked' },
): Promise<void> {
  const latest = await storage.auditLog.latestOfType(entry.userId, entry.type);
  if (latest !== null && entry.at - latest < AUDIT_LOG_FAILURE_INTERVAL_SECONDS * 1000) return;
  await recordEvent(storage, entry);
}

/** An event as the API shows it: the device read from the user agent, never the raw header. */
export function eventView(event: AuditEvent): SecurityEvent {
  const { device, browser, os } = parseUserAgent(event.userAgent);
  return {
    id: event.id,
    type: event.type,
    created_at: new Date(event.createdAt).toISOString(),
    ip: event.ip,
    device,
    browser,
    os,
    details: event.details,
  };
}
