import type { RegistrationRequest as Registration } from '../../../../server/src/contract/registration.js';
import type { TokenResponse } from '../../../lib/session';
import type { AuthApi } from './types';

/** POST /sso/api/v2/register/RegisterUser/ */
export function registerUser(api: AuthApi, registration: Registration): Promise<TokenResponse> {
  return api.http.post<TokenResponse>(`${api.ssoApiV2}/register/RegisterUser/`, registration, {
    headers: api.signInHeaders(),
  });
}
