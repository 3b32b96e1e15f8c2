/**
 * Phone numbers and e-mail addresses: one normal form for storage and lookup (the contract's rules),
 * and the masked form that may be shown to someone who has not proven they own the contact.
 */

import type { ContactType } from '../contract/contact-rules.js';

// The rules themselves are the contract's, shared with the SPA's field check.
export { normalizeEmail, normalizePhone, type ContactType } from '../contract/contact-rules.js';

export interface Contact {
  type: ContactType;
  /** Normal form: `+998XXXXXXXXX` for a phone, lower-case for an e-mail. */
  value: string;
}

/** +998 90 *** ** 67: operator code and last two digits, enough to recognise one's own number. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 4)} ${phone.slice(4, 6)} *** ** ${phone.slice(-2)}`;
}

/** al***@gmail.com */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  const visible = local.length <= 2 ? local.slice(0, 1) : local.slice(0, 2);
  return `${visible}***${email.slice(at)}`;
}

export function maskContact(contact: Contact): string {
  return contact.type === 'phone' ? maskPhone(contact.value) : maskEmail(contact.value);
}
