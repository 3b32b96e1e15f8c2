import type { Http } from '../../../lib/http';
import type { AuthorizationRequest } from '../authorization-request';
import type { AuthorizeAnswer } from './types';

/** POST /oauth/authorize/ with the signed-in user's token (docs/product.md §7); `consent` answers the screen. */
export function authorize(
  http: Http,
  ssoApi: string,
  request: AuthorizationRequest,
  consent?: 'allow' | 'deny',
): Promise<AuthorizeAnswer> {
  return http.post<AuthorizeAnswer>(`${ssoApi}/oauth/authorize/`, consent ? { ...request, consent } : request);
}
