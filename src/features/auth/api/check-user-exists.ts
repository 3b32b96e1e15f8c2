import type { UserExists } from '../../../../server/src/contract/sign-in.js';
import { contactBody, type AuthApi, type Contact } from './types';

/** GET /check/CheckUserExists/?phone=|email= → whether an account has this contact. */
export async function checkUserExists(api: AuthApi, contact: Contact): Promise<boolean> {
  const answer = await api.http.get<UserExists>(`${api.ssoApi}/check/CheckUserExists/`, {
    params: contactBody(contact),
  });
  return answer.exists;
}
