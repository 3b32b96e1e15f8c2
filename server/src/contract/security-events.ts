/** GET /user/security/events/?page=&page_size=: the account's security log, newest first. */
import type { DeviceKind } from './sessions.js';

/** Small facts about an event (a method, a masked contact, a count): never a secret. */
export type SecurityEventDetails = Readonly<Record<string, string | number | boolean | null>>;

export interface SecurityEvent {
  id: string;
  /** Shown as the text `security_event_<type>`. */
  type: string;
  /** ISO 8601. */
  created_at: string;
  ip: string;
  device: DeviceKind;
  browser: string | null;
  os: string | null;
  details: SecurityEventDetails;
}

export interface SecurityEventPage {
  /** Every event of the account, not only this page's. */
  count: number;
  results: SecurityEvent[];
}
