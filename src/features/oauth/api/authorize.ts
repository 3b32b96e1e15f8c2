import type { Http } from '../../../lib/http';
import type { AuthorizationRequest } from '../authorization-request';
import type { AuthorizeAnswer } from './types';

/**
 * POST /oauth/authorize/ with the signed-in user's token (docs/product.md §7); `consent` answers the screen,
 * `denyReason` `unmet` says the person left the page that asks for two-step verification (docs/api.md).
 */
export function authorize(
  http: Http,
  ssoApi: string,
  request: AuthorizationRequest,
  consent?: 'allow' | 'deny',
  denyReason?: 'unmet',
): Promise<AuthorizeAnswer> {
  const body = consent ? { ...request, consent, ...(denyReason ? { deny_reason: denyReason } : {}) } : request;
  return http.post<AuthorizeAnswer>(`${ssoApi}/oauth/authorize/`, body);
}

/**
 * POST /oauth/authorize/ with `prompt=none` and no token, before anyone signs in: the server judges the whole
 * request (the app, its exact redirect URI, PKCE, the scope) and answers `login_required` at the app's verified
 * address when nothing is wrong (OpenID Connect Core §3.1.2.1), whether or not this tab holds a session.
 */
export function checkAuthorization(
  http: Http,
  ssoApi: string,
  request: AuthorizationRequest,
): Promise<AuthorizeAnswer> {
  // An empty Authorization replaces the tab's own: the server reads it as none (docs/api.md, POST /oauth/authorize/).
  return http.post<AuthorizeAnswer>(
    `${ssoApi}/oauth/authorize/`,
    { ...request, prompt: 'none' },
    { headers: { Authorization: '' }, account: null },
  );
}
