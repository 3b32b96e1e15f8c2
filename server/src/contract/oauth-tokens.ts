/**
 * The OAuth token endpoint's answer, POST /sso/api/v1/oauth/token/: what the server's token service
 * returns and what the partner widget (widget/token-request.ts) hands a partner's page. Types only.
 */

/** The successful token response (RFC 6749 §5.1, OpenID Connect Core §3.1.3.3), of a code or a refresh grant. */
export interface OAuthTokenResponse {
  access_token: string;
  /** RFC 6750: the access token is a bearer token. */
  token_type: 'Bearer';
  /** Seconds the access token lives. */
  expires_in: number;
  /** Every grant answers a new one; the refresh token sent is spent (rotation). */
  refresh_token: string;
  /** The granted scopes, space-separated (RFC 6749 §3.3). */
  scope: string;
  /** When `openid` was granted (OpenID Connect Core §3.1.3.3). */
  id_token?: string;
}
