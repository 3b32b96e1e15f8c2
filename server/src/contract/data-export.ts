/** GET /user/export/: everything Kirish keeps about the signed-in person, as one file (GDPR Art. 15, 20). */
import type { Address } from './addresses.js';
import type { Grant } from './grants.js';
import type { Profile } from './profile.js';
import type { SecurityEvent } from './security-events.js';
import type { DeviceKind } from './sessions.js';

/** Every sign-in, ended ones and apps' included. */
export interface ExportedSession {
  id: string;
  kind: 'sso' | 'oauth';
  device: DeviceKind;
  browser: string | null;
  os: string | null;
  ip: string;
  source: string | null;
  /** The app's, for an `oauth` session. */
  client_id: string | null;
  created_at: string;
  last_active_at: string;
  ended_at: string | null;
  end_reason: string | null;
}

export interface DataExport {
  exported_at: string;
  profile: Profile;
  addresses: Address[];
  sessions: ExportedSession[];
  grants: Omit<Grant, 'logo_url'>[];
  audit_log: SecurityEvent[];
}
