import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { createWorkGate } from './work-gate.js';

/**
 * argon2id with m=19456 KiB, t=2, p=1: the OWASP Password Storage Cheat Sheet's first
 * recommended setting, as DESIGN.md fixes it. The numeric 2 is Algorithm.Argon2id (a const enum
 * the library only declares, which isolated modules cannot import).
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** libuv's thread pool when UV_THREADPOOL_SIZE does not set it (Node's documentation, UV_THREADPOOL_SIZE). */
const LIBUV_DEFAULT_POOL = 4;

/**
 * How many hashes may run at once when PASSWORD_HASH_CONCURRENCY does not say: one per core, and
 * always one thread of libuv's pool left over. The hashes run on that pool, which the process's
 * file reads, DNS look-ups and compression share: a wave of sign-ins then never takes all of it, and
 * hashes beyond the cores would only take turns on them, each evicting the others' 19 MiB from the
 * caches (docs/decisions.md, "Password hashes take turns").
 */
export function defaultHashConcurrency(threadPoolSize = LIBUV_DEFAULT_POOL, cores = availableParallelism()): number {
  return Math.max(1, Math.min(cores, maxHashConcurrency(threadPoolSize)));
}

/** The most hashes that leave libuv's pool (UV_THREADPOOL_SIZE threads) a thread for the rest. */
export function maxHashConcurrency(threadPoolSize = LIBUV_DEFAULT_POOL): number {
  return Math.max(1, threadPoolSize - 1);
}

/**
 * One gate for the whole process, as libuv's pool it guards is one per process: every hash and
 * verify waits here for its turn. The entry file sets the configured limit at start
 * (PASSWORD_HASH_CONCURRENCY, config.ts).
 */
const hashes = createWorkGate(defaultHashConcurrency());

export const setHashConcurrency = hashes.setLimit;

/** The hashes running and waiting now (the metrics' kirish_password_hashes gauge). */
export const hashStats = hashes.stats;

/** NIST SP 800-63B §5.1.1.2: Unicode passwords are normalised (NFKC) before hashing. */
function normalize(password: string): string {
  return password.normalize('NFKC');
}

export function hashPassword(password: string): Promise<string> {
  return hashes.run(() => hash(normalize(password), ARGON2ID));
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await hashes.run(() => verify(passwordHash, normalize(password)));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so that an unknown account costs the same time as a wrong
 * password: the answer must not tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('kirish-dummy-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
