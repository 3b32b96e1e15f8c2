import type { Contact } from '../lib/contacts.js';
import type { User } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';

/** The account a contact signs in to: by phone, or by an e-mail its owner has verified. */
export function findAccount(storage: Storage, contact: Contact): Promise<User | undefined> {
  return contact.type === 'phone'
    ? storage.users.findByPhone(contact.value)
    : storage.users.findByVerifiedEmail(contact.value);
}

/** The account a password reset through `contact` restores, and whether the contact is its backup one. */
export interface RecoveryAccount {
  user: User;
  backup: boolean;
}

/**
 * The account whose password a code to `contact` may reset: the one it signs in to, or else the one
 * holding it as a backup contact (always proven: it is added only by a code sent to it). The main
 * contact wins: a number or address that is one account's main contact never resets another's
 * (the handlers keep the two apart; this holds even if a row slipped past them).
 */
export async function findRecoveryAccount(storage: Storage, contact: Contact): Promise<RecoveryAccount | undefined> {
  const main = await findAccount(storage, contact);
  if (main) return { user: main, backup: false };
  // No main holder: whoever else holds it, holds it as a backup contact (ownerOf… reads both).
  const owner =
    contact.type === 'phone'
      ? await storage.contacts.ownerOfPhone(contact.value)
      : await storage.contacts.ownerOfEmail(contact.value);
  if (!owner) return undefined;
  const backup =
    contact.type === 'phone' ? owner.secondaryPhone === contact.value : owner.secondaryEmail === contact.value;
  return backup ? { user: owner, backup: true } : undefined;
}
