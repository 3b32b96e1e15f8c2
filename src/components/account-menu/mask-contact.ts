/**
 * The signed-in account's contact as the menu shows it, masked as the server masks the device's other
 * accounts (server/src/lib/contacts.ts): enough to recognise one's own, not enough for someone looking over
 * a shoulder at a shared screen.
 */
import { formatPhone } from '../../lib/format/phone';

export function maskContact(contact: { phone: string | null; email: string | null }): string {
  if (contact.phone) {
    const shown = formatPhone(contact.phone);
    // +998 90 123 45 67 → +998 90 *** ** 67
    return shown.length === 17 ? `${shown.slice(0, 7)} *** ** ${shown.slice(-2)}` : shown;
  }
  const email = contact.email ?? '';
  const at = email.lastIndexOf('@');
  if (at < 1) return email;
  return `${email.slice(0, at <= 2 ? 1 : 2)}***${email.slice(at)}`;
}
