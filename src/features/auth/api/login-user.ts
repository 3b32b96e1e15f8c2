import type { TokenResponse } from '../../../lib/session';
import { contactBody, type AuthApi, type Contact } from './types';

/** POST /login/LoginUser/ with a password. */
export function loginUser(api: AuthApi, contact: Contact, password: string, save: boolean): Promise<TokenResponse> {
  return api.http.post<TokenResponse>(
    `${api.ssoApi}/login/LoginUser/`,
    { ...contactBody(contact), password, save },
    { headers: api.signInHeaders() },
  );
}
