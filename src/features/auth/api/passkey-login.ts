import type { TokenResponse } from '../../../lib/session';
import type { PublicKeyCredentialJSON, WebauthnOptionsJSON } from '../../../../server/src/contract/passkeys.js';
import type { SecondStepRequired } from '../../../../server/src/contract/two-step.js';
import type { AuthApi } from './types';

/** POST /login/passkey/options/: request options offering every passkey of the site (docs/api.md). */
export function passkeyLoginOptions(api: AuthApi): Promise<WebauthnOptionsJSON> {
  return api.http.post<WebauthnOptionsJSON>(
    `${api.ssoApi}/login/passkey/options/`,
    {},
    { headers: api.signInHeaders() },
  );
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
