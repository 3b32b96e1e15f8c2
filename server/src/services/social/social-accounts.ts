/**
 * What an identity a provider vouched for does to the accounts (issue 36), inside the caller's
 * transaction: links it (never to an account OneID's record contradicts), makes a new account from it,
 * finds the existing account its e-mail or phone belongs to, and opens the session of a sign-in with
 * it exactly as a password sign-in does (features/accounts/login-routes.ts).
 */
import type { SocialProvider } from '../../contract/social.js';
import { badRequest } from '../../lib/api-error.js';
import { normalizePhone, type Contact } from '../../lib/contacts.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import { randomId } from '../../lib/secrets.js';
import { NEW_ACCOUNT_PROFILE, type User } from '../../storage/records.js';
import type { Storage } from '../../storage/storage.js';
import { recordEvent } from '../audit-log.js';
import type { SessionService, StartedSession } from '../session-service.js';
import type { SocialIdentity } from './provider-client.js';

/** docs/product.md §3: an account made through a provider. */
export const REGISTRATION_KIND_SOCIAL = 0;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase('uz') === b.trim().toLocaleLowerCase('uz');

/**
 * OneID is the state's identity system: its identity never joins an account whose PINFL is another's,
 * or whose name was verified as another's. Any other provider's identity proves nothing of the kind.
 */
export function assertOneIdMatches(user: User, identity: SocialIdentity): void {
  if (identity.provider !== 'oneid') return;
  const otherPinfl = user.pinfl !== null && user.pinfl !== identity.pinfl;
  const otherName =
    user.verificationStatus === 'verified' &&
    (!sameName(user.firstName, identity.firstName) || !sameName(user.lastName, identity.lastName));
  if (otherPinfl || otherName) throw badRequest('oneid_identity_mismatch');
}

/** OneID's record on the account it signs in: verified, with its PINFL (docs/social-sign-in.md). */
export async function applyStateRecord(tx: Storage, user: User, identity: SocialIdentity, at: number): Promise<void> {
  if (identity.provider !== 'oneid' || identity.pinfl === null) return;
  assertOneIdMatches(user, identity);
  await tx.users.setStateVerified(
    user.id,
    {
      pinfl: identity.pinfl,
      firstName: identity.firstName,
      lastName: identity.lastName,
      birthDate: identity.birthDate,
    },
    at,
  );
}

/** Links the identity to `user` and says so in its security log. */
export async function linkIdentity(
  tx: Storage,
  user: User,
  identity: SocialIdentity,
  entry: { meta: Pick<RequestMeta, 'ip' | 'userAgent'>; at: number; sessionId: string | null },
): Promise<void> {
  assertOneIdMatches(user, identity);
  // One identity per provider and account: the login-methods page unlinks by provider.
  const held = await tx.linkedIdentities.listForUser(user.id);
  if (held.some((linked) => linked.provider === identity.provider && linked.subject !== identity.subject))
    throw badRequest('social_provider_already_linked');
  const inserted = await tx.linkedIdentities.insert({
    provider: identity.provider,
    subject: identity.subject,
    userId: user.id,
    email: identity.email,
    emailVerified: identity.emailVerified,
    display: identity.display,
    linkedAt: entry.at,
  });
  if (!inserted) throw badRequest('social_already_linked');
  await applyStateRecord(tx, user, identity, entry.at);
  await recordEvent(tx, {
    type: 'social_linked',
    userId: user.id,
    sessionId: entry.sessionId,
    meta: entry.meta,
    at: entry.at,
    details: { provider: identity.provider },
  });
}

/**
 * A new account from an identity nobody has: registration kind 0, no phone (the SPA confirms one with a
 * `social_login` code, docs/product.md §4), the e-mail only when the provider verified it.
 */
export async function createAccountFrom(
  tx: Storage,
  identity: SocialIdentity,
  entry: { meta: Pick<RequestMeta, 'ip' | 'userAgent'>; at: number },
): Promise<User> {
  const email = identity.emailVerified ? identity.email : null;
  // A proven address outranks an unproven claim on it (as at registration, account-storage.ts).
  if (email !== null) await tx.users.releaseUnverifiedEmail(email, entry.at);
  const user: User = {
    id: randomId(),
    phone: null,
    email,
    emailVerified: email !== null,
    passwordHash: null,
    firstName: identity.firstName || identity.display || '',
    lastName: identity.lastName,
    isInactivated: false,
    createdAt: entry.at,
    updatedAt: entry.at,
    passwordChangedAt: null,
    ...NEW_ACCOUNT_PROFILE,
    birthDate: identity.birthDate,
    registrationKind: REGISTRATION_KIND_SOCIAL,
  };
  await tx.users.insert(user);
  await recordEvent(tx, {
    type: 'registered',
    userId: user.id,
    sessionId: null,
    meta: entry.meta,
    at: entry.at,
    details: { provider: identity.provider },
  });
  await linkIdentity(tx, user, identity, { ...entry, sessionId: null });
  return (await tx.users.findById(user.id)) ?? user;
}

/**
 * The existing account the identity's PINFL (OneID), phone or e-mail belongs to (whether or not the
 * provider verified it): such an identity is linked only once that account is proven (the `integration` step).
 */
export async function matchExisting(
  storage: Storage,
  identity: SocialIdentity,
): Promise<{ user: User; contact: Contact } | undefined> {
  // The person OneID vouched for has an account already (it signed in through OneID before, and that
  // identity was unlinked): the same person is not given a second verified account; they prove that one
  // by its phone or verified e-mail.
  const statePerson =
    identity.provider === 'oneid' && identity.pinfl !== null
      ? await storage.users.findByPinfl(identity.pinfl)
      : undefined;
  if (statePerson?.phone) return { user: statePerson, contact: { type: 'phone', value: statePerson.phone } };
  if (statePerson?.email && statePerson.emailVerified)
    return { user: statePerson, contact: { type: 'email', value: statePerson.email } };
  // Providers give E.164 digits without `+` (provider-client.ts); accounts keep `+998…` (contact-rules.ts).
  const phone = identity.phone === null ? null : normalizePhone(`+${identity.phone}`);
  if (phone !== null) {
    const owner = await storage.contacts.ownerOfPhone(phone);
    // The code goes to the account's own phone: the one that matched, or its main one.
    if (owner) return { user: owner, contact: { type: 'phone', value: owner.phone ?? phone } };
  }
  if (identity.email !== null) {
    const owner = await storage.contacts.ownerOfEmail(identity.email);
    if (owner) return { user: owner, contact: { type: 'email', value: identity.email } };
  }
  return undefined;
}

/** A sign-in through `provider`: the session row and security-log line of a password sign-in, its method the provider. */
export async function startSignIn(
  tx: Storage,
  sessions: SessionService,
  user: User,
  meta: RequestMeta,
  save: boolean,
  provider: SocialProvider,
  at: number,
): Promise<StartedSession> {
  // The provider authenticated the person, how Kirish is not told: no amr (services/amr.ts).
  const started = await sessions.start(tx, user, meta, save, null);
  await recordEvent(tx, {
    type: 'login',
    userId: user.id,
    sessionId: started.session.id,
    meta,
    at,
    details: { method: provider },
  });
  return started;
}
