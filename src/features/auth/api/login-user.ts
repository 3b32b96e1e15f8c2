import type { TokenResponse } from '../../../lib/session';
import type { SecondStepRequired } from '../../../../server/src/contract/two-step.js';
import { contactBody, type AuthApi, type Contact } from './types';

/** POST /login/LoginUser/ with a password. */
export function loginUser(
  api: AuthApi,
  contact: Contact,
  password: string,
  save: boolean,
): Promise<TokenResponse | SecondStepRequired> {
  return api.http.post<TokenResponse | SecondStepRequired>(
    `${api.ssoApi}/login/LoginUser/`,
    { ...contactBody(contact), password, save },
    { headers: api.signInHeaders() },
  );
}
