import type { ContentfulStatusCode } from 'hono/utils/http-status';

/**
 * The error codes of the OAuth protocol endpoints (RFC 6749 §4.1.2.1 and §5.2, RFC 6750 §3.1,
 * RFC 8628 §3.5 for slow_down, OpenID Connect Core §3.1.2.6 for login_required,
 * interaction_required and consent_required; errata set 2 §3.1.2.6 for unmet_authentication_requirements). They are read by client software, not shown to people, so they are not keys of
 * the translation catalogue.
 */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'access_denied'
  | 'server_error'
  | 'unsupported_response_type'
  | 'invalid_token'
  | 'slow_down'
  | 'login_required'
  | 'interaction_required'
  | 'consent_required'
  | 'unmet_authentication_requirements';

export interface OAuthErrorOptions {
  status?: ContentfulStatusCode;
  /** A `WWW-Authenticate` challenge: RFC 6749 §5.2 for a failed client authentication, RFC 6750 §3 for a bearer token. */
  challenge?: string;
  retryAfterSeconds?: number;
}

/**
 * A failure of a token, revocation or userinfo request. The error handler turns it into the body
 * RFC 6749 §5.2 prescribes, `{"error", "error_description"}`, instead of the SPA's `{"errors": […]}`.
 */
export class OAuthError extends Error {
  readonly code: OAuthErrorCode;
  readonly status: ContentfulStatusCode;
  readonly challenge: string | undefined;
  readonly retryAfterSeconds: number | undefined;

  constructor(code: OAuthErrorCode, description: string, options: OAuthErrorOptions = {}) {
    super(description);
    this.name = 'OAuthError';
    this.code = code;
    this.status = options.status ?? 400;
    this.challenge = options.challenge;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}
