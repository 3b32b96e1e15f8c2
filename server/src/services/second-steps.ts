/**
 * A half-done sign-in (issue 41): its first step (a password or a one-time code) passed for an account
 * with two-step verification on, so instead of tokens the browser gets a token of this sign-in (256
 * random bits, kept as SHA-256) to finish it with POST /login/second-step/, within a few minutes and
 * from the same browser (its sign-in cookie's hash, middleware/sign-in-binding.ts).
 */
import { SECOND_STEP_TTL_SECONDS } from '../config/policy.js';
import type { SecondStepRequired } from '../contract/two-step.js';
import { randomId, randomSecret, sha256 } from '../lib/secrets.js';
import type { Storage } from '../storage/storage.js';

export async function beginSecondStep(
  storage: Storage,
  begun: {
    userId: string;
    bindingHash: string;
    firstMethod: 'password' | 'code' | 'passkey';
    /** The first step's RFC 8176 values (services/amr.ts). */
    firstAmr: string[];
    save: boolean;
    at: number;
  },
): Promise<SecondStepRequired> {
  const token = randomSecret();
  await storage.secondSteps.insert({
    id: randomId(),
    tokenHash: sha256(token),
    bindingHash: begun.bindingHash,
    userId: begun.userId,
    firstMethod: begun.firstMethod,
    firstAmr: begun.firstAmr,
    save: begun.save,
    attempts: 0,
    createdAt: begun.at,
    expiresAt: begun.at + SECOND_STEP_TTL_SECONDS * 1000,
    usedAt: null,
  });
  return { second_step: { id: token, methods: ['totp', 'recovery'], expires_in: SECOND_STEP_TTL_SECONDS } };
}
