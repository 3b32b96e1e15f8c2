/** GET /user/export/: everything Kirish keeps about the signed-in person, as one file (GDPR Art. 15, 20). */
import type { Address } from './addresses.js';
import type { Grant } from './grants.js';
import type { PasskeyView } from './passkeys.js';
import type { Profile } from './profile.js';
import type { SecurityEvent } from './security-events.js';
import type { LinkedIdentity } from './social.js';
import type { DeviceKind } from './sessions.js';
import type { TwoStepStatus } from './two-step.js';

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

/**
 * An app the person registered in the Developers section: what identifies it and where it sends
 * people; never its secret or the secret's hash.
 */
export interface ExportedApp {
  client_id: string;
  name: string;
  kind: 'public' | 'confidential';
  home_page: string;
  privacy_policy_url: string;
  terms_url: string | null;
  redirect_uris: string[];
  web_origins: string[];
  post_logout_redirect_uris: string[];
  created_at: string;
  updated_at: string;
}

export interface DataExport {
  exported_at: string;
  profile: Profile;
  addresses: Address[];
  sessions: ExportedSession[];
  grants: Omit<Grant, 'logo_url'>[];
  /** The apps the person registered (Developers section), the oldest first. */
  registered_apps: ExportedApp[];
  /** The provider identities linked to the account (issue 36), the earliest linked first. */
  linked_identities: LinkedIdentity[];
  /**
   * The account's passkeys (issue 41) as GET /user/passkeys/ shows them: name, made, last used, synced.
   * Not the public key or the signature counter: no secret, but of no use to the person, and a
   * credential's key is its authenticator's, not something to carry elsewhere.
   */
  passkeys: PasskeyView[];
  /** Two-step verification (issue 41): on or off, recovery codes left; never the app's secret or a code. */
  two_step: TwoStepStatus;
  audit_log: SecurityEvent[];
}
