import type { ContactType } from '../lib/contacts.js';

/** The verification sections of docs/product.md §3. */
export const PURPOSES = [
  'login_sms_verification',
  'forget_pass_verification',
  'change_phone_verification',
  'email_verification',
  'social_login',
  'confirm_secondary_email_or_phone',
  'confirm_email_or_phone',
  // Issue 38: a signed-out person proves the contact a complaint's answer goes to (docs/api.md, Complaints).
  'complaint',
] as const;
export type Purpose = (typeof PURPOSES)[number];

/**
 * Which purposes a signed-out visitor may ask a code for, per contact type. Sign-up and sign-in use
 * login_sms_verification for a phone and confirm_email_or_phone for an e-mail; forget_pass_verification
 * restores a password. The other sections belong to a signed-in user's security pages.
 */
export const PUBLIC_PURPOSES: Readonly<Record<ContactType, readonly Purpose[]>> = {
  phone: ['login_sms_verification', 'forget_pass_verification', 'complaint'],
  email: ['confirm_email_or_phone', 'forget_pass_verification', 'complaint'],
};

export function signInPurpose(type: ContactType): Purpose {
  return type === 'phone' ? 'login_sms_verification' : 'confirm_email_or_phone';
}
