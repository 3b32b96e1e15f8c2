import type { CodeChecked } from '../../../server/src/contract/verification.js';
import { contactBody, type CodeApi, type Contact } from './contact';

/** POST /auth/CheckAuthSmsVerification/ or CheckAuthEmailVerification/ → a single-use request_id. */
export async function checkCode(api: CodeApi, type: string, contact: Contact, code: string): Promise<string> {
  const path = contact.type === 'phone' ? 'CheckAuthSmsVerification' : 'CheckAuthEmailVerification';
  const answer = await api.http.post<CodeChecked>(`${api.ssoApi}/auth/${path}/`, {
    type,
    ...contactBody(contact),
    code,
  });
  return answer.request_id;
}
