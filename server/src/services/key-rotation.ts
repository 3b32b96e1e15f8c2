/**
 * Rotating the signing keys on a schedule (docs/keys.md), run as a job once across instances
 * (services/job-runner.ts). For each algorithm that has keys:
 *
 * - when the signing key has signed for SIGNING_KEY_ROTATION_SECONDS less the publish lead, its
 *   successor is made, published at once, and signs only from its activation time, at least
 *   SIGNING_KEY_PUBLISH_LEAD_SECONDS later: every instance and every client's cached JWKS knows it
 *   before the first token it signs;
 * - the keys before the signing one are retired at the time their successor took over, and
 *   removed (unpublished) SIGNING_KEY_RETIRED_KEEP_SECONDS after that, once every token they
 *   signed has expired.
 *
 * An algorithm with no key yet is left alone: its first key is made at start (services/signing-key-store.ts).
 */
import {
  SIGNING_KEY_PUBLISH_LEAD_SECONDS,
  SIGNING_KEY_RETIRED_KEEP_SECONDS,
  SIGNING_KEY_ROTATION_SECONDS,
} from '../config/policy.js';
import type { Clock } from '../lib/clock.js';
import { ACCESS_ALG, ID_TOKEN_ALG } from '../lib/jwt.js';
import type { KeyCipher } from '../lib/key-encryption.js';
import type { Storage } from '../storage/storage.js';
import { createSigningKey } from './signing-key-store.js';

export interface RotationResult {
  created: string[];
  retired: string[];
  removed: number;
}

export async function rotateSigningKeys(storage: Storage, clock: Clock, cipher: KeyCipher): Promise<RotationResult> {
  const now = clock.now();
  const result: RotationResult = { created: [], retired: [], removed: 0 };
  const all = await storage.signingKeys.list();
  for (const alg of [ACCESS_ALG, ID_TOKEN_ALG] as const) {
    // Latest activation first: the first whose time has come signs; any before it is still to come.
    const keys = all.filter((key) => key.alg === alg);
    const signingAt = keys.findIndex((key) => key.activatesAt <= now);
    const signing = keys[signingAt];
    if (!signing) continue;
    const successorDueAt = signing.activatesAt + SIGNING_KEY_ROTATION_SECONDS * 1000;
    if (signingAt === 0 && successorDueAt - SIGNING_KEY_PUBLISH_LEAD_SECONDS * 1000 <= now) {
      const activatesAt = Math.max(successorDueAt, now + SIGNING_KEY_PUBLISH_LEAD_SECONDS * 1000);
      result.created.push(await createSigningKey(storage, cipher, alg, now, activatesAt));
    }
    for (const older of keys.slice(signingAt + 1)) {
      if (older.retiredAt !== null) continue;
      await storage.signingKeys.retire(older.kid, signing.activatesAt);
      result.retired.push(older.kid);
    }
  }
  result.removed = await storage.signingKeys.removeRetiredBefore(now - SIGNING_KEY_RETIRED_KEEP_SECONDS * 1000);
  return result;
}
