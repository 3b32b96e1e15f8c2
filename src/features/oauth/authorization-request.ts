/**
 * The authorization request a client sent (RFC 6749 §4.1.1, RFC 7636 §4.3, OIDC Core §3.1.2.1), as
 * the consent and embed pages read it from their query. Nothing is judged here: the server checks
 * every field and says what is wrong.
 */
import type { AuthorizeRequest } from '../../../server/src/contract/authorize.js';

/** The parameters POST /oauth/authorize/ takes; the five every request has are always read, even empty. */
export type AuthorizationRequest = Required<
  Pick<AuthorizeRequest, 'client_id' | 'redirect_uri' | 'response_type' | 'scope' | 'state'>
> &
  Pick<
    AuthorizeRequest,
    'code_challenge' | 'code_challenge_method' | 'nonce' | 'response_mode' | 'prompt' | 'max_age' | 'acr_values'
  >;

const OPTIONAL = [
  'code_challenge',
  'code_challenge_method',
  'nonce',
  'response_mode',
  'prompt',
  'max_age',
  'acr_values',
] as const;

/** OpenID Connect Core §3.1.2.1 prompt=none: the request must be answered without showing any page. */
export const isSilent = (request: AuthorizationRequest): boolean => (request.prompt ?? '').split(' ').includes('none');

export function readAuthorizationRequest(search: string): AuthorizationRequest {
  const query = new URLSearchParams(search);
  const request: AuthorizationRequest = {
    client_id: query.get('client_id') ?? '',
    redirect_uri: query.get('redirect_uri') ?? '',
    response_type: query.get('response_type') ?? '',
    scope: query.get('scope') ?? '',
    state: query.get('state') ?? '',
  };
  for (const name of OPTIONAL) {
    const value = query.get(name);
    if (value !== null) request[name] = value;
  }
  return request;
}
