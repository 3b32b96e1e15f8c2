import type { TokenResponse } from '../../../lib/session';
import type {
  PasskeyLoginOptionsRequest,
  PublicKeyCredentialJSON,
  WebauthnOptionsJSON,
} from '../../../../server/src/contract/passkeys.js';
import type { SecondStepRequired } from '../../../../server/src/contract/two-step.js';
import type { AuthApi } from './types';

/**
 * POST /login/passkey/options/: request options offering every passkey of the site (docs/api.md). Inside
 * a partner's frame they name the client the embed is for (`client_id` of the embed's address): the
 * answer then comes with the partner page as its topOrigin (WebAuthn L3 §5.10.5), which the server
 * accepts only when it is one of that client's web origins.
 */
export function passkeyLoginOptions(api: AuthApi): Promise<WebauthnOptionsJSON> {
  const framed = window.parent !== window;
  const clientId = framed ? new URLSearchParams(location.search).get('client_id') : null;
  const body: PasskeyLoginOptionsRequest = clientId ? { client_id: clientId } : {};
  return api.http.post<WebauthnOptionsJSON>(`${api.ssoApi}/login/passkey/options/`, body, {
    headers: api.signInHeaders(),
  });
}

/** POST /login/passkey/ with the assertion: tokens, or the second step for a passkey without user verification. */
export function passkeyLogin(
  api: AuthApi,
  credential: PublicKeyCredentialJSON,
  save: boolean,
): Promise<TokenResponse | SecondStepRequired> {
  return api.http.post<TokenResponse | SecondStepRequired>(
    `${api.ssoApi}/login/passkey/`,
    { credential, save },
    { headers: api.signInHeaders() },
  );
}
