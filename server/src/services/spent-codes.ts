/**
 * Drops what a one-time code leaves behind once it can serve nobody: the codes themselves, the
 * request ids a verified code gave, the step-up proofs (the frame's join nonces among them), social sign-in's flows and pending links, sign-in requests by QR, WebAuthn challenges and second steps. Each
 * is refused past its expiry whatever its row says, so only the table's growth was at stake (issue 33).
 * Run by background-jobs.ts, once an interval across instances.
 */
import { SPENT_CODE_KEEP_SECONDS } from '../config/policy.js';
import type { Clock } from '../lib/clock.js';
import type { Storage } from '../storage/storage.js';

export async function sweepSpentCodes(storage: Storage, clock: Clock): Promise<number> {
  const before = clock.now() - SPENT_CODE_KEEP_SECONDS * 1000;
  const swept = await Promise.all([
    storage.codes.sweepExpired(before),
    storage.verifications.sweepExpired(before),
    storage.stepUpProofs.sweepExpired(before),
    // Social flows and the integration step's pending links (issue 36): as spent as a code past expiry.
    storage.socialFlows.sweepExpired(before),
    storage.pendingLinks.sweepExpired(before),
    // Sign-in requests by QR (issue 39): refused past their 60 s whatever their row says.
    storage.qrLogins.sweep(before),
    // WebAuthn challenges and half-done sign-ins awaiting their second step (issue 41): single-use, short-lived.
    storage.webauthnChallenges.sweepExpired(before),
    storage.secondSteps.sweepExpired(before),
  ]);
  return swept.reduce((sum, count) => sum + count, 0);
}
