import type { Contact } from '../lib/contacts.js';
import type { User } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';

/** The account a contact signs in to: by phone, or by an e-mail its owner has verified. */
export function findAccount(storage: Storage, contact: Contact): Promise<User | undefined> {
  return contact.type === 'phone' ? storage.users.findByPhone(contact.value) : storage.users.findByVerifiedEmail(contact.value);
}
