/**
 * The check of a passkey's assertion (issue 41) that a passkey sign-in (POST /login/passkey/) and a
 * passkey as the second step (POST /login/second-step/) share: the challenge taken once, from the
 * browser that asked and for its purpose; the credential registered (and, for a second step, the
 * half-done sign-in's account's); the user handle; the signature, origin, RP id and frame
 * (lib/webauthn.ts); the signature counter. Any failure is `passkey_not_valid`, whatever it was, so
 * an answer tells nothing of which passkeys exist. The caller records the use (`recordUse`) where it
 * writes the rest of its sign-in.
 */
import type { PublicKeyCredentialJSON } from '../contract/passkeys.js';
import { badRequest } from '../lib/api-error.js';
import type { RequestMeta } from '../lib/request-meta.js';
import { sha256 } from '../lib/secrets.js';
import {
  challengeOf,
  verifyAssertion,
  type AuthenticationResponseJSON,
  type RelyingParty,
  type VerifiedAssertion,
} from '../lib/webauthn.js';
import type { Passkey, WebauthnPurpose } from '../storage/passkey-storage.js';
import type { User } from '../storage/records.js';
import type { Storage } from '../storage/storage.js';
import { recordEvent } from './audit-log.js';

/**
 * WebAuthn L3 §6.1.1: a signature counter that does not grow, where either side is non-zero, means
 * the authenticator may have been cloned. The specification leaves the answer to the relying party;
 * Kirish refuses the sign-in and writes it to the owner's log: an identity provider's sign-in opens
 * every partner's account, and a synced passkey (counter always 0) never meets the rule.
 */
const counterWentBack = (stored: number, reported: number) => (stored > 0 || reported > 0) && reported <= stored;

export interface CheckedAssertion {
  passkey: Passkey;
  user: User;
  assertion: VerifiedAssertion;
}

export async function checkAssertion(
  storage: Storage,
  rp: RelyingParty,
  asked: {
    credential: PublicKeyCredentialJSON;
    /** SHA-256 of the browser's sign-in cookie, or null when it sent none. */
    binding: string | null;
    purpose: WebauthnPurpose;
    /** For a second step: the only account whose passkey passes. */
    ownerId?: string;
    meta: RequestMeta;
    at: number;
  },
): Promise<CheckedAssertion> {
  const { credential, binding, purpose, ownerId, meta, at } = asked;
  const challenge = challengeOf(credential.response.clientDataJSON as string);
  // Taken before the check, whatever its outcome: a challenge answers one ceremony (WebAuthn L3 §13.4.3).
  const taken =
    binding !== null && challenge !== null
      ? await storage.webauthnChallenges.take(sha256(challenge), binding, purpose, at)
      : undefined;
  const passkey = await storage.passkeys.find(credential.id);
  if (!taken || !passkey || challenge === null) throw badRequest('passkey_not_valid');
  if (ownerId !== undefined && (passkey.userId !== ownerId || taken.userId !== ownerId)) {
    throw badRequest('passkey_not_valid');
  }
  // §7.2 step 6: a user handle the authenticator gives must name the credential's owner.
  const handle = credential.response.userHandle;
  if (typeof handle === 'string' && Buffer.from(handle, 'base64url').toString('utf8') !== passkey.userId) {
    throw badRequest('passkey_not_valid');
  }
  // §7.2 steps 13-14: a cross-origin frame only of a page of the client the embed asked for.
  const client = taken.clientId === null ? undefined : await storage.clients.find(taken.clientId);
  const assertion = await verifyAssertion(
    rp,
    credential as unknown as AuthenticationResponseJSON,
    challenge,
    passkey,
    client?.webOrigins ?? [],
  );
  if (!assertion) throw badRequest('passkey_not_valid');
  const user = await storage.users.findById(passkey.userId);
  if (!user) throw badRequest('passkey_not_valid');
  if (counterWentBack(passkey.counter, assertion.counter)) {
    await recordEvent(storage, {
      type: 'passkey_counter_regressed',
      userId: user.id,
      sessionId: null,
      meta,
      at,
      details: { name: passkey.name, stored: passkey.counter, reported: assertion.counter },
    });
    throw badRequest('passkey_not_valid');
  }
  return { passkey, user, assertion };
}
