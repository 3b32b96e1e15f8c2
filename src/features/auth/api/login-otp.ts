import type { TokenResponse } from '../../../lib/session';
import { contactBody, type AuthApi, type Contact } from './types';

/** POST /login/LoginOtp/ with a one-time code. */
export function loginOtp(api: AuthApi, contact: Contact, code: string, save: boolean): Promise<TokenResponse> {
  return api.http.post<TokenResponse>(
    `${api.ssoApi}/login/LoginOtp/`,
    { ...contactBody(contact), code, save },
    { headers: api.signInHeaders() },
  );
}
