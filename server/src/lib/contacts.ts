/**
 * Phone numbers and e-mail addresses: one normal form for storage and lookup, and the masked form
 * that may be shown to someone who has not proven they own the contact.
 */

export type ContactType = 'phone' | 'email';

export interface Contact {
  type: ContactType;
  /** Normal form: `+998XXXXXXXXX` for a phone, lower-case for an e-mail. */
  value: string;
}

const UZ_PHONE = /^\+998[1-9]\d{8}$/;

/** Accepts the ways people type an Uzbek number (+998 90 123-45-67, 998901234567, (90) 1234567). */
export function normalizePhone(input: string): string | null {
  const digits = input.replace(/[\s()\-.]/g, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  const bare = digits.replace(/^\+/, '');
  const full = bare.length === 9 ? `+998${bare}` : `+${bare}`;
  return UZ_PHONE.test(full) ? full : null;
}

// Deliberately plain: one @, no spaces, a dot in the domain, a letter top-level part of 2+ letters.
const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254; // RFC 5321 §4.5.3.1.3 path limit less the angle brackets

export function normalizeEmail(input: string): string | null {
  const value = input.trim().toLowerCase();
  if (value.length > EMAIL_MAX_LENGTH) return null;
  return EMAIL.test(value) ? value : null;
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
