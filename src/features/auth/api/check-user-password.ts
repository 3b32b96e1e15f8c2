import type { UserPassword } from '../../../../server/src/contract/sign-in.js';
import { contactBody, type AuthApi, type Contact } from './types';

/** GET /check/CheckUserPassword/?phone=|email= → whether the account has a password (false for no account). */
export async function checkUserPassword(api: AuthApi, contact: Contact): Promise<boolean> {
  const answer = await api.http.get<UserPassword>(`${api.ssoApi}/check/CheckUserPassword/`, {
    params: contactBody(contact),
  });
  return answer.has_password;
}
