import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with m=19456 KiB, t=2, p=1: the OWASP Password Storage Cheat Sheet's first
 * recommended setting, as DESIGN.md fixes it. The numeric 2 is Algorithm.Argon2id (a const enum
 * the library only declares, which isolated modules cannot import).
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** NIST SP 800-63B §5.1.1.2: Unicode passwords are normalised (NFKC) before hashing. */
function normalize(password: string): string {
  return password.normalize('NFKC');
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalize(password), ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalize(password));
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
