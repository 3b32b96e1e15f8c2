import type { CodeSent } from '../../../server/src/contract/verification.js';
import { contactBody, type CodeApi, type Contact } from './contact';

/** POST /auth/SendAuthSmsVerification/ or SendAuthEmailVerification/ (type, contact, method): a one-time code for `type`. */
export function sendCode(
  api: CodeApi,
  type: string,
  contact: Contact,
  method: 'sms' | 'call' | 'email',
): Promise<CodeSent> {
  const path = contact.type === 'phone' ? 'SendAuthSmsVerification' : 'SendAuthEmailVerification';
  return api.http.post<CodeSent>(
    `${api.ssoApi}/auth/${path}/`,
    { type, ...contactBody(contact), method },
    { headers: api.signInHeaders() },
  );
}
