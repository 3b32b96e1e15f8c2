import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

/**
 * The CSPRNG's bytes drawn a pool at a time, as Node's randomUUID() draws its own: one call into
 * OpenSSL per 4 KiB instead of one per secret (a token refresh asks three times). Each byte is handed
 * out once; a used pool is dropped, never refilled in place, so what was handed out stays as it was.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let poolOffset = 0;

function randomBytesFromPool(bytes: number): Buffer {
  if (bytes > POOL_BYTES / 8) return randomBytes(bytes);
  if (poolOffset + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    poolOffset = 0;
  }
  poolOffset += bytes;
  return pool.subarray(poolOffset - bytes, poolOffset);
}

/** An opaque bearer secret: 256 bits from the CSPRNG, URL-safe (RFC 6749 §10.10 asks for at least 128). */
export function randomSecret(bytes = 32): string {
  return randomBytesFromPool(bytes).toString('base64url');
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

/** A uniform random whole number in [0, max) from the CSPRNG (a shuffle, a choice among decoys). */
export function randomBelow(max: number): number {
  return randomInt(0, max);
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
