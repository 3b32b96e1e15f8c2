/**
 * Which phone numbers and e-mail addresses are an account's own, and which are free to take. A
 * secondary contact counts as taken for every other account, like a primary one, so that one
 * number or address never leads to two accounts.
 */
import { badRequest } from '../lib/api-error.js';
import type { Contact } from '../lib/contacts.js';
import type { User } from '../storage/records.js';
import type { Storage, Verification } from '../storage/storage.js';
import type { OtpService } from './otp-service.js';
import type { Purpose } from './purposes.js';

/** The contacts that prove the account: its phone and its e-mail once verified (what it signs in with). */
export function isOwnPrimary(user: User, contact: Contact): boolean {
  return contact.type === 'phone' ? user.phone === contact.value : user.emailVerified && user.email === contact.value;
}

/** A primary contact (as above) or a secondary one. An unverified e-mail is nobody's yet. */
export function isOwnContact(user: User, contact: Contact): boolean {
  if (isOwnPrimary(user, contact)) return true;
  return contact.type === 'phone' ? user.secondaryPhone === contact.value : user.secondaryEmail === contact.value;
}

/** The catalogue key for a contact another account holds (docs/product.md §8). */
export function takenKey(contact: Contact): 'already_taken' | 'email_taken_email' {
  return contact.type === 'phone' ? 'already_taken' : 'email_taken_email';
}

/** Refuses a new contact that is already this account's (`same_contact`) or another's (taken). */
export async function assertContactFree(storage: Storage, user: User, contact: Contact): Promise<void> {
  if (isOwnContact(user, contact)) throw badRequest('same_contact', contact.type);
  const owner =
    contact.type === 'phone'
      ? await storage.contacts.ownerOfPhone(contact.value)
      : await storage.contacts.ownerOfEmail(contact.value);
  if (owner && owner.id !== user.id) throw badRequest(takenKey(contact), contact.type);
}

/**
 * Refuses the account's own unverified main e-mail as a backup one: taking it would drop it from the
 * main slot (an unproven claim gives way to a proven one). Its owner verifies it in place instead
 * (POST /user/verify-email/).
 */
export function assertNotOwnUnverifiedEmail(user: User, contact: Contact): void {
  if (contact.type === 'email' && !user.emailVerified && user.email === contact.value)
    throw badRequest('email_is_main_unverified', 'email');
}

/**
 * Redeems, inside the caller's transaction, a request id that a code check issued to this signed-in
 * account for one of `purposes`. One issued to nobody (signed out) or to another account is
 * `request_id_error`: a code read by someone else's session proves nothing about this one.
 */
export async function redeemOwnRequest(
  tx: Storage,
  otp: OtpService,
  requestId: string,
  purposes: readonly Purpose[],
  user: User,
): Promise<Verification> {
  const verification = await otp.redeemProof(tx, requestId, purposes);
  if (verification.userId !== user.id) throw badRequest('request_id_error', 'request_id');
  return verification;
}

export const contactOf = (verification: Verification): Contact => ({
  type: verification.contactType,
  value: verification.contact,
});
