/**
 * /login/mobile-telegram and /login/mobile-twitter (docs/partners.md, Phone apps): a phone app's in-app browser
 * opens the page with its authorization request (RFC 8252 §6: the code flow with PKCE, RFC 7636) in the query,
 * and the page turns it into the request the consent step sends (`response_type=code`, the app's scope or
 * `openid`). Only what the page itself needs is judged here — which app, and where the answer goes; the
 * server judges the rest (POST /oauth/authorize/), and sends what is wrong to the app's verified address.
 */
import type { SocialProvider } from '../../../server/src/contract/social.js';
import type { AuthorizationRequest } from './authorization-request';

/** The scope of a request that names none: the app learns who signed in (OpenID Connect Core §3.1.2.1). */
export const MOBILE_DEFAULT_SCOPE = 'openid';

/** The providers a phone app's page runs: /login/mobile-telegram and /login/mobile-twitter. */
export type MobileProvider = Extract<SocialProvider, 'telegram' | 'twitter'>;

export type MobileAppRequest =
  | { request: AuthorizationRequest }
  /** Nothing can be sent to the app: no app, or no address to send to (RFC 6749 §4.1.2.1). */
  | { problem: 'invalid_client' | 'invalid_redirect_uri' };

const FORWARDED = ['code_challenge', 'code_challenge_method', 'nonce'] as const;

export function readMobileAppRequest(search: string): MobileAppRequest {
  const query = new URLSearchParams(search);
  const clientId = query.get('client_id') ?? '';
  const redirectUri = query.get('redirect_uri') ?? '';
  if (clientId === '') return { problem: 'invalid_client' };
  if (redirectUri === '') return { problem: 'invalid_redirect_uri' };
  const request: AuthorizationRequest = {
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: query.get('scope') || MOBILE_DEFAULT_SCOPE,
    state: query.get('state') ?? '',
  };
  for (const name of FORWARDED) {
    const value = query.get(name);
    if (value !== null) request[name] = value;
  }
  return { request };
}

/** The request as the consent page's query (/oauth?…), which it reads back with readAuthorizationRequest(). */
export function consentQuery(request: AuthorizationRequest): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(request)) if (typeof value === 'string') query.set(name, value);
  return query.toString();
}
