/**
 * The nonce a partner's frame needs to join a sign-in of this browser (docs/fedcm.md, Threat model):
 * the frame asks for it when the person taps "Continue as", and spends it at once on
 * POST /fedcm/frame/session/, so the join answers that tap and not the cookie alone. It is 256 random
 * bits kept only as SHA-256, single-use, FRAME_JOIN_NONCE_TTL_SECONDS long, and bound to the account,
 * the device (the hash of its secret), the client and the partner's origin.
 *
 * It is kept where step-up proofs are (tx.stepUpProofs: a hashed, single-use, short-lived value of one
 * account, bound to one context): its `sessionId` holds the binding's hash, which no session id can
 * equal, so neither kind is ever taken for the other.
 */
import { FRAME_JOIN_NONCE_TTL_SECONDS } from '../config/policy.js';
import { ApiError } from '../lib/api-error.js';
import { randomId, randomSecret, sha256 } from '../lib/secrets.js';
import type { Storage } from '../storage/storage.js';

export interface FrameJoinBinding {
  userId: string;
  /** The SHA-256 of the device secret the request's cookie carried. */
  device: string;
  clientId: string;
  origin: string;
}

const bindingOf = ({ device, clientId, origin }: FrameJoinBinding) =>
  `frame-join:${sha256(`${device}\n${clientId}\n${origin}`)}`;

export async function issueFrameNonce(tx: Storage, binding: FrameJoinBinding, now: number): Promise<string> {
  const nonce = randomSecret();
  await tx.stepUpProofs.insert({
    id: randomId(),
    proofHash: sha256(nonce),
    userId: binding.userId,
    sessionId: bindingOf(binding),
    createdAt: now,
    expiresAt: now + FRAME_JOIN_NONCE_TTL_SECONDS * 1000,
    usedAt: null,
  });
  return nonce;
}

/**
 * Uses the nonce up inside the caller's transaction. Missing, unknown, another account's, device's,
 * client's or origin's, expired or used: `403 frame_join_expired`, and nothing is joined.
 */
export async function consumeFrameNonce(
  tx: Storage,
  nonce: string | undefined,
  binding: FrameJoinBinding,
  now: number,
): Promise<void> {
  const stored = nonce ? await tx.stepUpProofs.findByHash(sha256(nonce)) : undefined;
  const usable =
    stored !== undefined &&
    stored.userId === binding.userId &&
    stored.sessionId === bindingOf(binding) &&
    now < stored.expiresAt &&
    stored.usedAt === null &&
    (await tx.stepUpProofs.markUsed(stored.id, now));
  if (!usable) throw new ApiError(403, [{ error: 'frame_join_expired' }]);
}
