/**
 * Never the last way into the account (as unlinking a provider, services/social/linked-identities.ts):
 * a password, a phone, a verified e-mail, a linked identity or another passkey must remain.
 */
import { badRequest } from '../../lib/api-error.js';
import type { User } from '../../storage/records.js';
import type { Storage } from '../../storage/storage.js';

export async function assertOtherWayIn(tx: Storage, user: User, otherPasskeys: number): Promise<void> {
  const otherWayIn =
    otherPasskeys > 0 ||
    user.passwordHash !== null ||
    user.phone !== null ||
    (user.email !== null && user.emailVerified) ||
    (await tx.linkedIdentities.listForUser(user.id)).length > 0;
  if (!otherWayIn) throw badRequest('last_sign_in_method');
}
