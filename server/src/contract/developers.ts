/**
 * The Developers section: apps a signed-in person registers with Kirish's OAuth provider
 * (`/sso/api/v1/developers/apps/…`, docs/api.md, Developers). The SPA's screens and the server's
 * routes both build to these shapes.
 */

/** RFC 6749 §2.1: a confidential client keeps a secret on its server; a public one (a page, a phone app) cannot. */
export type AppKind = 'public' | 'confidential';

/** An app as its owner sees it. */
export interface DeveloperApp {
  /** The client_id (RFC 6749 §2.2). */
  client_id: string;
  name: string;
  /** A served URL of the logo (`/cdn/…`), or null when none was uploaded. */
  logo_url: string | null;
  home_page: string;
  privacy_policy_url: string;
  terms_url: string | null;
  /** Exact strings (RFC 9700 §2.1); at least one, or at least one web origin. */
  redirect_uris: string[];
  /** Serialized origins that may embed the widget (`https://shop.example.uz`). */
  web_origins: string[];
  /**
   * Where RP-initiated logout may send the browser back to (OpenID Connect RP-Initiated Logout 1.0
   * §2, §3): exact strings, under the redirect URIs' rules.
   */
  post_logout_redirect_uris: string[];
  kind: AppKind;
  /** A confidential app has a secret once one was created; only its hash is kept. */
  has_secret: boolean;
  /** ISO 8601, or null. */
  secret_created_at: string | null;
  /** ISO 8601. */
  created_at: string;
  updated_at: string;
}

/** POST /developers/apps/ (create) and PATCH /developers/apps/{client_id}/ (every field optional there). */
export interface DeveloperAppInput {
  name: string;
  home_page: string;
  privacy_policy_url: string;
  terms_url?: string | null;
  redirect_uris: string[];
  web_origins: string[];
  /** None when absent at registration; unchanged when absent from a PATCH. */
  post_logout_redirect_uris?: string[];
  kind: AppKind;
}

/** GET /developers/apps/: the person's apps, and whether they may register another. */
export interface DeveloperAppList {
  apps: DeveloperApp[];
  /** How many apps one account may register. */
  limit: number;
  /** False when the account may not register (no verified phone) or is at the limit; `reason` says which. */
  can_register: boolean;
  reason: 'phone_required' | 'limit_reached' | null;
}

/** POST /developers/apps/ answers the app and, for a confidential app, its first secret: shown once, never again. */
export interface CreatedDeveloperApp {
  app: DeveloperApp;
  client_secret: string | null;
}

/** POST /developers/apps/{client_id}/secret/: a new secret replaces the old one at once; shown once. */
export interface RotatedSecret {
  client_id: string;
  client_secret: string;
}
