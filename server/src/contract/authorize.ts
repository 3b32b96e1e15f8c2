/** POST /oauth/authorize/: the consent page hands over a client's authorization request (RFC 6749 §4.1.1). */
import type { AppInfo } from './app-info.js';

/** The client's parameters as it sent them (absent or `''` both mean not sent), and the person's answer. */
export interface AuthorizeRequest {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  scope?: string;
  state?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  nonce?: string;
  /**
   * `web_message` for the widget: the answer goes to the partner page by postMessage. `fedcm` for the
   * consent page FedCM's `continue_on` opens: answered like `web_message` (redirect_uri is the
   * partner's web origin), and the SPA hands the code back by IdentityProvider.resolve().
   */
  response_mode?: string;
  /**
   * OpenID Connect Core §3.1.2.1, space-separated: `none` (answer without showing anything:
   * `login_required` or `consent_required` when something would have to be shown), `login` (sign in
   * again first), `consent` (ask even what was granted before); `select_account` is not supported
   * and is ignored.
   */
  prompt?: string;
  /** OpenID Connect Core §3.1.2.1: seconds; an older sign-in must be made again first. */
  max_age?: string;
  /**
   * OpenID Connect Core §3.1.2.1, space-separated, by preference: Kirish knows one value, a sign-in with
   * more than one factor (docs/partners.md); unknown values are ignored (§5.5.1.1).
   */
  acr_values?: string;
  /**
   * The person's answer. `deny` is answered `access_denied` at the client's verified address, with or without a
   * session: a phone app's page (docs/partners.md, Phone apps) sends it, without a token, when the person cancels
   * at the identity provider, and the whole request is judged first exactly as for `prompt=none`.
   */
  consent?: 'allow' | 'deny';
  /**
   * With `deny`: why the sign-in the request waited for ended. `failed` (the identity provider's sign-in failed,
   * not the person's choice) is answered `server_error` instead of `access_denied` (RFC 6749 §4.1.2.1). `unmet`
   * (the person left the page that asks for two-step verification) is answered
   * `unmet_authentication_requirements` (OpenID Connect Core 1.0 errata set 2 §3.1.2.6).
   */
  deny_reason?: 'cancelled' | 'failed' | 'unmet';
}

/** A code or an error for the client, with the state it sent and the issuer (RFC 9207). */
export type WebMessageResponse =
  { code: string; state: string; iss: string } | { error: string; state: string; iss: string };

export type AuthorizeAnswer =
  /** Where to send the browser: the client's redirect URI with a code or an error. */
  | { redirect_uri: string }
  /** What to post to the partner page (response_mode `web_message`), or to resolve FedCM with (`fedcm`). */
  | { response: WebMessageResponse }
  /** Ask the person first. */
  | { consent_required: true; client: AppInfo; scopes: string[] }
  /**
   * Sign the person in again first (`prompt=login`, or a sign-in older than `max_age`), then ask
   * again: a sign-in made for this client counts as that fresh authentication until it has
   * authorized one code for it.
   */
  | { login_required: true }
  /**
   * The client asked for a sign-in with a second factor (`acr_values`) and the account has none to
   * give: the page says so, links to two-step verification's setup, and Cancel answers the client.
   */
  | { second_step_required: true; client: AppInfo };
