/**
 * Two-step verification (issue 41): an authenticator app's secret, sealed at rest under
 * KEY_ENCRYPTION_SECRET with its row's id as the label (lib/key-encryption.ts: a copy of the database
 * makes no codes), recovery codes kept as SHA-256 (80 random bits each, so no hash is worth
 * guessing), and the check of a second step: a TOTP code of the secret's current step (one step of
 * drift, RFC 6238 §5.2) whose step was not used before (§5.2: "MUST NOT accept the second attempt of
 * the same OTP"), or an unused recovery code, used once.
 */
import { randomBytes } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '../config/policy.js';
import { normalizeRecoveryCode, type SecondStepMethod, type TwoStepStatus } from '../contract/two-step.js';
import type { KeyCipher } from '../lib/key-encryption.js';
import { randomId, sha256 } from '../lib/secrets.js';
import { totpStepOf } from '../lib/totp.js';
import type { Storage, TotpSecret } from '../storage/storage.js';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

export const totpLabel = (id: string) => `totp_secrets:${id}`;

export const sealTotpSecret = (cipher: KeyCipher, id: string, secret: string) => cipher.seal(secret, totpLabel(id));

export const openTotpSecret = (cipher: KeyCipher, record: TotpSecret) =>
  cipher.open(record.sealedSecret, totpLabel(record.id));

export async function twoStepEnabled(storage: Storage, userId: string): Promise<boolean> {
  return (await storage.totpSecrets.findConfirmed(userId)) !== undefined;
}

/** GET /user/two-step/ and the data export: on or off, and the recovery codes left; never a secret. */
export async function twoStepStatus(storage: Storage, userId: string): Promise<TwoStepStatus> {
  return {
    enabled: await twoStepEnabled(storage, userId),
    recovery_codes_left: await storage.recoveryCodes.countUnused(userId),
  };
}

/** 80 random bits as 16 base32 characters in four groups. */
function recoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let code = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      code += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return code.match(/.{4}/g)?.join('-') ?? code;
}

/** A new set of recovery codes in place of the account's old ones, inside the caller's transaction; the codes, shown once. */
export async function replaceRecoveryCodes(tx: Storage, userId: string, now: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
  await tx.recoveryCodes.replace(
    userId,
    codes.map((code) => ({ id: randomId(), codeHash: sha256(normalizeRecoveryCode(code)) })),
    now,
  );
  return codes;
}

/** Whether `code` passes as the account's second step by `method`, using it up (a TOTP step, a recovery code). */
export async function passSecondStep(
  storage: Storage,
  cipher: KeyCipher,
  userId: string,
  method: SecondStepMethod,
  code: string,
  now: number,
): Promise<boolean> {
  if (method === 'recovery') return storage.recoveryCodes.use(userId, sha256(normalizeRecoveryCode(code)), now);
  const record = await storage.totpSecrets.findConfirmed(userId);
  if (!record) return false;
  const step = totpStepOf(openTotpSecret(cipher, record), code, now);
  return step !== null && (await storage.totpSecrets.takeStep(record.id, step));
}
