/**
 * The masked form of a phone or an e-mail, shown to someone who has not proven they own the contact:
 * by the server (a code's "sent to", the device's accounts, the security log) and by the sign-in page's
 * account chip, which shows what was typed the way the product shows contacts everywhere else.
 * Pure and dependency-free (the browser imports this file as code).
 */
import type { ContactType } from './contact-rules.js';

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

/** A contact in its normal form (`+998XXXXXXXXX`, a lower-case e-mail), masked. */
export function maskContact(contact: { type: ContactType; value: string }): string {
  return contact.type === 'phone' ? maskPhone(contact.value) : maskEmail(contact.value);
}
