/** What the server says of a client (GET /oauth/app_info/) and of an authorization request. */

export interface AppInfo {
  client_id: string;
  name: string;
  logo_url: string | null;
  home_page: string | null;
  first_party: boolean;
  scopes: string[];
}

/** A code or an error for the client, with the state it sent and the issuer (RFC 9207). */
export type WebMessageResponse = { code: string; state: string; iss: string } | { error: string; state: string; iss: string };

export type AuthorizeAnswer =
  | { redirect_uri: string }
  | { response: WebMessageResponse }
  | { consent_required: true; client: AppInfo; scopes: string[] };
