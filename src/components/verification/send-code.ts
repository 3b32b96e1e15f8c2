import { contactBody, type CodeApi, type Contact } from './contact';

export interface CodeSent {
  message: 'code_send_to_phone' | 'call_send_to_phone' | 'code_send_to_email';
  to: string;
  expires_in: number;
  resend_in: number;
}

/** POST /auth/SendAuthSmsVerification/ or SendAuthEmailVerification/: a one-time code for `type`. */
export function sendCode(api: CodeApi, type: string, contact: Contact, method: 'sms' | 'call' | 'email'): Promise<CodeSent> {
  const path = contact.type === 'phone' ? 'SendAuthSmsVerification' : 'SendAuthEmailVerification';
  const body = contact.type === 'phone' ? { type, ...contactBody(contact), method } : { type, ...contactBody(contact) };
  return api.http.post<CodeSent>(`${api.ssoApi}/auth/${path}/`, body, { headers: api.signInHeaders() });
}
