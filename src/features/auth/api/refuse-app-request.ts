import type { AuthorizeAnswer } from '../../../../server/src/contract/authorize.js';
import type { AuthApi } from './types';

/**
 * POST /oauth/authorize/ with `consent: 'deny'` and no token (docs/api.md): the server judges a phone app's kept
 * request exactly as for `prompt=none` and answers, at the app's verified redirect URI, `access_denied` for a
 * cancel or `server_error` for a failed sign-in (RFC 6749 §4.1.2.1). The address is the server's, never the
 * tab's copy of the request.
 */
export function refuseAppRequest(
  api: Pick<AuthApi, 'http' | 'ssoApi'>,
  request: URLSearchParams,
  reason: 'cancelled' | 'failed',
): Promise<AuthorizeAnswer> {
  // An empty Authorization replaces the tab's own: the server reads it as none, as the mobile page's check does.
  return api.http.post<AuthorizeAnswer>(
    `${api.ssoApi}/oauth/authorize/`,
    { ...Object.fromEntries(request), consent: 'deny', deny_reason: reason },
    { headers: { Authorization: '' }, account: null },
  );
}
