import type { TokenResponse } from '../../../lib/session';
import type { WebauthnOptionsJSON } from '../../../../server/src/contract/passkeys.js';
import type { SecondStepRequest } from '../../../../server/src/contract/two-step.js';
import type { AuthApi } from './types';

/** POST /login/second-step/: an authenticator code, a recovery code or a passkey's assertion (docs/api.md). */
export function submitSecondStep(api: AuthApi, body: SecondStepRequest): Promise<TokenResponse> {
  return api.http.post<TokenResponse>(`${api.ssoApi}/login/second-step/`, body, { headers: api.signInHeaders() });
}

/** POST /login/second-step/passkey/options/: request options listing the half-done sign-in's account's passkeys. */
export function secondStepPasskeyOptions(api: AuthApi, id: string): Promise<WebauthnOptionsJSON> {
  return api.http.post<WebauthnOptionsJSON>(
    `${api.ssoApi}/login/second-step/passkey/options/`,
    { id },
    { headers: api.signInHeaders() },
  );
}
