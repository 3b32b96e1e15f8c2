import type { TokenResponse } from '../../../lib/session';
import type { SecondStepRequired } from '../../../../server/src/contract/two-step.js';
import { contactBody, type AuthApi, type Contact } from './types';

/** POST /login/LoginOtp/ with a one-time code. */
export function loginOtp(
  api: AuthApi,
  contact: Contact,
  code: string,
  save: boolean,
): Promise<TokenResponse | SecondStepRequired> {
  return api.http.post<TokenResponse | SecondStepRequired>(
    `${api.ssoApi}/login/LoginOtp/`,
    { ...contactBody(contact), code, save },
    { headers: api.signInHeaders() },
  );
}
