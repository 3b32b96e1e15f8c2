/**
 * Whose account the typed contact is, when this page already knows: the account signed in here or
 * the one that just signed out, whose full contacts it holds. The device's other accounts are listed
 * with masked contacts only (docs/api.md, DeviceProfileList): a masked match could be another
 * person's account, so the chip shows their name only on an exact match, and else the contact masked.
 */
import type { UserProfile } from '../../../lib/session';
import type { Contact } from '../api/types';

export interface KnownAccount {
  firstName: string;
  lastName: string;
  photo: string;
}

export function knownAccount(contact: Contact, accounts: readonly (UserProfile | null)[]): KnownAccount | null {
  const match = accounts.find(
    (account) => account && (contact.type === 'phone' ? account.phone : account.email) === contact.value,
  );
  if (!match) return null;
  const { first_name, last_name, photo } = match.profile;
  return { firstName: first_name, lastName: last_name, photo: photo ?? '' };
}
