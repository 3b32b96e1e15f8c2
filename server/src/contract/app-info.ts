/** What the client registry tells the SPA about an app, without authentication. */

/** GET /oauth/app_info/?client_id=: what the consent screen shows of an app. */
export interface AppInfo {
  client_id: string;
  name: string;
  logo_url: string | null;
  home_page: string | null;
  /** The app's privacy policy and terms, linked from the consent screen; null for a seeded app without them. */
  privacy_policy_url: string | null;
  terms_url: string | null;
  /** Kirish's own apps: no consent step. */
  first_party: boolean;
  /** The scopes the app may ask for. */
  scopes: string[];
}

/** GET /oauth/embed_origin/?client_id=&origin=: the parent origin is one the app registered. */
export interface EmbedOrigin {
  client_id: string;
  origin: string;
}
