import type { TokenResponse } from '../../../lib/session';
import type { AuthApi } from './types';

export interface Registration {
  request_id: string;
  password: string;
  first_name: string;
  last_name: string;
  email?: string;
  /** SPEC §3: 1 with e-mail, 2 e-mail skipped. */
  kind: 1 | 2;
  save: boolean;
}

/** POST /sso/api/v2/register/RegisterUser/ */
export function registerUser(api: AuthApi, registration: Registration): Promise<TokenResponse> {
  return api.http.post<TokenResponse>(`${api.ssoApiV2}/register/RegisterUser/`, registration, { headers: api.signInHeaders() });
}
