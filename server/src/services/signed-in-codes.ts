/**
 * The code sections of the security pages (docs/product.md §3): sent and checked through the same
 * /auth/SendAuth…/ and /auth/CheckAuth…/ calls as sign-in codes, but with the Bearer token of a
 * signed-in user, and bound to that user's account — the request id they produce can only be used
 * by that account. The sign-in sections keep working exactly as before, with or without a token.
 */
import { ApiError, badRequest } from '../lib/api-error.js';
import type { Contact } from '../lib/contacts.js';
import type { Storage } from '../storage/storage.js';
import { assertContactFree, assertNotOwnUnverifiedEmail, isOwnPrimary } from './account-contacts.js';
import type { Purpose } from './purposes.js';
import type { Authenticated } from './session-service.js';

/** Sections that verify a contact the account is about to take: one it does not have yet. */
const NEW_CONTACT_SECTIONS: Readonly<Partial<Record<Purpose, readonly Contact['type'][]>>> = {
  change_phone_verification: ['phone'],
  email_verification: ['email'],
  confirm_secondary_email_or_phone: ['phone', 'email'],
};

/** Sections that prove the account's own primary contact again (step-up, deactivation, reset). */
const OWN_CONTACT_SECTIONS: readonly Purpose[] = ['confirm_email_or_phone', 'forget_pass_verification'];

/**
 * For a signed-in caller: the account the request id is to be bound to, or null when the request
 * is a sign-in section's (which a token does not change). Throws what is wrong otherwise.
 */
export async function signedInBinding(
  storage: Storage,
  auth: Authenticated,
  purpose: Purpose,
  contact: Contact,
  isPublic: boolean,
): Promise<string | null> {
  const { user } = auth;
  const newContactTypes = NEW_CONTACT_SECTIONS[purpose];
  if (newContactTypes) {
    if (!newContactTypes.includes(contact.type)) throw badRequest('invalid_type', 'type');
    if (user.isInactivated) throw new ApiError(403, [{ error: 'account_inactive' }]);
    await assertContactFree(storage, user, contact);
    if (purpose === 'confirm_secondary_email_or_phone') assertNotOwnUnverifiedEmail(user, contact);
    return user.id;
  }
  // An account made through a provider confirms its first phone (services/social/pending-account.ts):
  // only while it has none. A phone another account holds is refused before a code goes to it (no SMS to a
  // stranger's phone for nothing; whether a phone has an account is already public, GET /check/CheckUserExists/),
  // and again when it is put on the account, in case it was taken in between.
  if (purpose === 'social_login') {
    if (contact.type !== 'phone' || user.phone !== null) throw badRequest('invalid_type', 'type');
    if (user.isInactivated) throw new ApiError(403, [{ error: 'account_inactive' }]);
    if (await storage.contacts.ownerOfPhone(contact.value)) throw badRequest('user_exists_with_phone_phone', 'phone');
    return user.id;
  }
  // A deactivated account proves its own contact this way to restore itself (POST /user/restore/).
  if (OWN_CONTACT_SECTIONS.includes(purpose) && isOwnPrimary(user, contact)) return user.id;
  if (isPublic) return null;
  if (OWN_CONTACT_SECTIONS.includes(purpose)) throw badRequest('not_own_contact', contact.type);
  throw badRequest('invalid_type', 'type');
}
