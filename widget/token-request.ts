/**
 * Redeems an authorization code at the SSO's token endpoint (RFC 6749 §4.1.3) with the PKCE
 * verifier (RFC 7636 §4.5). It resolves to the tokens or to a stable error code; it never throws.
 */

import type { OAuthTokenResponse } from '../server/src/contract/oauth-tokens.js';

/** The token endpoint's successful response (RFC 6749 §5.1, OpenID Connect Core §3.1.3.3): the server's contract type. */
export type KirishTokens = OAuthTokenResponse;

export interface TokenForm {
  code: string;
  redirect_uri: string;
  client_id: string;
  code_verifier: string;
}

export type TokenResult = { tokens: KirishTokens } | { error: string };

export async function requestTokens(ssoOrigin: string, form: TokenForm): Promise<TokenResult> {
  let response: Response;
  try {
    // No Content-Type of our own: for a URLSearchParams body fetch sends
    // `application/x-www-form-urlencoded;charset=UTF-8` (Fetch §5 "extract a body"), the form RFC 6749
    // §4.1.3 asks for and a CORS-safelisted type (no preflight); the loader's budget keeps the bytes.
    response = await fetch(`${ssoOrigin}/sso/api/v1/oauth/token/`, {
      method: 'POST',
      body: new URLSearchParams({ grant_type: 'authorization_code', ...form }),
    });
  } catch {
    return { error: 'network_error' };
  }
  const body = (await response.json().catch(() => ({}))) as Partial<KirishTokens> & { error?: unknown };
  // A 2xx answer with a token is success (RFC 6749 §5.1 says 200), in few bytes: the loader's budget.
  if (response.ok && body.access_token) return { tokens: body as KirishTokens };
  // RFC 6749 §5.2: a failed token request names its error in `error`.
  return { error: (typeof body.error === 'string' && body.error) || 'token_request_failed' };
}
