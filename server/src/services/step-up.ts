/**
 * Step-up proofs: a stolen access token alone must not be enough to take an account over, so the
 * changes that would lock its owner out (phone, e-mail, which contact is primary) also need the
 * password or a code just given (NIST SP 800-63B §4.2 / OWASP ASVS V2.5: re-authenticate before
 * changing authenticators). The proof is 256 random bits kept only as SHA-256, single-use, five
 * minutes, and valid only in the sign-in that asked for it.
 */
import { STEP_UP_PROOF_TTL_SECONDS } from '../config/policy.js';
import { badRequest } from '../lib/api-error.js';
import { randomId, randomSecret, sha256 } from '../lib/secrets.js';
import type { Storage } from '../storage/storage.js';
import type { Authenticated } from './session-service.js';

export async function issueStepUpProof(tx: Storage, auth: Authenticated, now: number): Promise<string> {
  const proof = randomSecret();
  await tx.stepUpProofs.insert({
    id: randomId(),
    proofHash: sha256(proof),
    userId: auth.user.id,
    sessionId: auth.session.id,
    createdAt: now,
    expiresAt: now + STEP_UP_PROOF_TTL_SECONDS * 1000,
    usedAt: null,
  });
  return proof;
}

/**
 * Uses the proof up inside the caller's transaction, so that a change refused later (a number taken)
 * leaves it usable. Missing, unknown, another sign-in's, expired or used: `proof_required`.
 */
export async function consumeStepUpProof(
  tx: Storage,
  proof: string | undefined,
  auth: Authenticated,
  now: number,
): Promise<void> {
  const stored = proof ? await tx.stepUpProofs.findByHash(sha256(proof)) : undefined;
  const usable =
    stored !== undefined &&
    stored.userId === auth.user.id &&
    stored.sessionId === auth.session.id &&
    now < stored.expiresAt &&
    stored.usedAt === null &&
    (await tx.stepUpProofs.markUsed(stored.id, now));
  if (!usable) throw badRequest('proof_required', 'proof');
}
