/**
 * Phone numbers and e-mail addresses: one normal form for storage and lookup (the contract's rules),
 * and (from the contract) the masked form that may be shown to someone who has not proven they own the contact.
 */

import type { ContactType } from '../contract/contact-rules.js';

// The rules themselves are the contract's, shared with the SPA's field check.
export { normalizeEmail, normalizePhone, type ContactType } from '../contract/contact-rules.js';

export interface Contact {
  type: ContactType;
  /** Normal form: `+998XXXXXXXXX` for a phone, lower-case for an e-mail. */
  value: string;
}

// The masks are the contract's too: the sign-in page shows a typed contact as the server shows it.
export { maskContact, maskEmail, maskPhone } from '../contract/contact-masks.js';
