import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/** An opaque bearer secret: 256 bits from the CSPRNG, URL-safe (RFC 6749 §10.10 asks for at least 128). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function randomId(): string {
  return randomUUID();
}

/** A one-time code of `digits` decimal digits, uniform over the whole range (no modulo bias). */
export function randomDigits(digits: number): string {
  return randomInt(0, 10 ** digits)
    .toString()
    .padStart(digits, '0');
}

/**
 * Secrets with 256 bits of entropy (refresh tokens, request ids) are stored as a plain SHA-256:
 * nothing can be brute-forced from the hash, and a lookup by hash needs no per-row salt.
 */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Keyed hash for low-entropy secrets (6-digit codes), so a copy of the table alone does not reveal them. */
export function hmacSha256(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** Compares two strings in time that depends only on their length, never on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  if (left.length !== right.length) return false;
  return timingSafeEqual(left, right);
}
