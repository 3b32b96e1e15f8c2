/**
 * The pending-user confirmation (docs/product.md §2 step 4, §4; contract/social.ts ConfirmPhoneRequest):
 * an account made through a provider has no phone until its owner confirms one with a code of section
 * `social_login`, sent and checked with the account's own access token (services/signed-in-codes.ts
 * binds the request id to it). A phone of another account is refused: that account is signed in with,
 * not taken over.
 */
import type { ConfirmPhoneResponse } from '../../contract/social.js';
import { badRequest } from '../../lib/api-error.js';
import { maskPhone } from '../../lib/contacts.js';
import type { Clock } from '../../lib/clock.js';
import type { RequestMeta } from '../../lib/request-meta.js';
import type { User } from '../../storage/records.js';
import type { Storage } from '../../storage/storage.js';
import { redeemOwnRequest } from '../account-contacts.js';
import { recordEvent } from '../audit-log.js';
import type { OtpService } from '../otp-service.js';
import { REGISTRATION_KIND_SOCIAL } from './social-accounts.js';

/**
 * An account whose sign-in is not finished: made through a provider, its phone not confirmed yet
 * (docs/product.md §4). It may use the account site, whose Home asks for the phone, but it is not offered
 * to partners — not in FedCM's accounts list or the embed frame's, no FedCM assertion, no authorization
 * code — because a partner would get an account with no contact Kirish has confirmed. An account
 * registered with an e-mail (kind 1) has one, and is not pending for want of a phone.
 */
export function isPendingAccount(user: Pick<User, 'registrationKind' | 'phone'>): boolean {
  return user.registrationKind === REGISTRATION_KIND_SOCIAL && user.phone === null;
}

export async function confirmPendingPhone(
  deps: { storage: Storage; clock: Clock; otp: OtpService },
  user: User,
  request: { phone: string; requestId: string },
  entry: { meta: Pick<RequestMeta, 'ip' | 'userAgent'>; sessionId: string },
): Promise<ConfirmPhoneResponse> {
  if (user.phone !== null) throw badRequest('phone_already_confirmed', 'phone');
  await deps.storage.transaction(async (tx) => {
    const proof = await redeemOwnRequest(tx, deps.otp, request.requestId, ['social_login'], user);
    if (proof.contactType !== 'phone' || proof.contact !== request.phone)
      throw badRequest('request_id_error', 'request_id');
    const owner = await tx.contacts.ownerOfPhone(request.phone);
    if (owner && owner.id !== user.id) throw badRequest('user_exists_with_phone_phone', 'phone');
    const at = deps.clock.now();
    await tx.contacts.update(user.id, { phone: request.phone }, at);
    await recordEvent(tx, {
      type: 'phone_changed',
      userId: user.id,
      sessionId: entry.sessionId,
      meta: entry.meta,
      at,
      details: { from: null, to: maskPhone(request.phone), via: 'social_login' },
    });
  });
  return { has_phone: true };
}
