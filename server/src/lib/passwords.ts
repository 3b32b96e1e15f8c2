import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { normalizedPassword } from '../contract/password-rules.js';
import { ApiError } from './api-error.js';
import { createWorkGate, WorkGateTimeoutError } from './work-gate.js';

/**
 * argon2id with m=19456 KiB, t=2, p=1: the OWASP Password Storage Cheat Sheet's first
 * recommended setting, as docs/decisions.md, "Passwords and sign-in", fixes it. The numeric 2 is Algorithm.Argon2id (a const enum
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
 * verify waits here for its turn. The entry file sets at start the configured limit
 * (PASSWORD_HASH_CONCURRENCY, config/operations-config.ts) and the longest wait
 * (PASSWORD_HASH_MAX_WAIT_MS, policy.ts).
 */
const hashes = createWorkGate(defaultHashConcurrency());
/** The Retry-After of a 503 for a wait past the deadline. */
let busyRetryAfterSeconds = 1;

export const setHashConcurrency = hashes.setLimit;

/** From now on a hash waits at most `maxWaitMs` (undefined: as long as it takes) for its turn; past it, 503 `server_busy` with Retry-After `retryAfterSeconds`. */
export function setHashWaitLimit(maxWaitMs: number | undefined, retryAfterSeconds: number): void {
  hashes.setMaxWait(maxWaitMs);
  busyRetryAfterSeconds = retryAfterSeconds;
}

/** The hashes running and waiting now (the metrics' kirish_password_hashes gauge). */
export const hashStats = hashes.stats;

/** The hashes that found no turn in time since the start (the metrics' kirish_password_hash_waits_timed_out_total). */
export const hashWaitsTimedOut = hashes.timedOut;

/**
 * `work` in its turn; a wait past the deadline answers 503 `server_busy` with Retry-After. Every
 * caller hashes before its transaction opens, so nothing has been written then.
 */
async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await hashes.run(work);
  } catch (error) {
    if (error instanceof WorkGateTimeoutError)
      throw new ApiError(503, [{ error: 'server_busy' }], busyRetryAfterSeconds);
    throw error;
  }
}

/** NIST SP 800-63B §5.1.1.2: Unicode passwords are normalised (NFKC) before hashing, as the contract's rule judges them. */
const normalize = normalizedPassword;

export function hashPassword(password: string): Promise<string> {
  return inTurn(() => hash(normalize(password), ARGON2ID));
}

/** False for a wrong password or a stored hash that cannot be read; a 503 when no turn came in time. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return inTurn(async () => {
    try {
      return await verify(passwordHash, normalize(password));
    } catch {
      return false;
    }
  });
}

/**
 * The hash an unknown account's sign-in is checked against: argon2id with the parameters above, of
 * a password nobody signs in with, made once and written here, so that the first such sign-in does
 * not wait for a hash of its own before its verification (which then waits its turn again).
 * passwords.test.ts checks that it carries ARGON2ID's parameters.
 */
export const DUMMY_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$oD5Att8BHtZe8Dkc8eLm7A$NuIa+SHM7vQrOKzPyTHis6etTqkMIWtSn3cihFfpWOc';

/**
 * Verifies against a throwaway hash so that an unknown account costs the same time as a wrong
 * password: the answer must not tell whether the account exists.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  await verifyPassword(DUMMY_HASH, password);
  return false;
}
