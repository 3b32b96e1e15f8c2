/**
 * The server's private signing keys and named secrets, sealed at rest with KEY_ENCRYPTION_SECRET
 * (lib/key-encryption.ts): the storage only ever holds their sealed form. Rows written before
 * issue 13 hold plaintext; the start seals them, once, whichever instance comes first (a
 * compare-and-set per row), and opens every sealed row, so a wrong secret stops the start instead
 * of leaving an instance that cannot sign, or that would make new keys and sign everybody out.
 */
import type { Clock } from '../lib/clock.js';
import { isSealed, KeyDecryptionError, type KeyCipher } from '../lib/key-encryption.js';
import { randomSecret } from '../lib/secrets.js';
import type { SigningKey, Storage } from '../storage/storage.js';

/** A wrong KEY_ENCRYPTION_SECRET for the keys this database holds: the start stops with this message. */
export class KeySecretMismatchError extends Error {
  override name = 'KeySecretMismatchError';
}

/** The server's named secrets (server_secrets rows): the code-hash key and the refresh-successor key. */
export const SERVER_SECRETS = { codeHash: 'otp_code_key', refreshSuccessor: 'refresh_successor_key' } as const;

const keyLabel = (kid: string) => `signing_keys:${kid}`;
const secretLabel = (name: string) => `server_secrets:${name}`;

/** Seals every plaintext row and checks that every sealed one opens. */
export async function sealKeysAtRest(storage: Storage, cipher: KeyCipher): Promise<void> {
  try {
    for (const key of await storage.signingKeys.list()) await openPrivateJwk(storage, cipher, key);
    for (const secret of await storage.secrets.list()) await openSecret(storage, cipher, secret.name, secret.value);
  } catch (error) {
    if (!(error instanceof KeyDecryptionError)) throw error;
    throw new KeySecretMismatchError(
      `KEY_ENCRYPTION_SECRET does not open the keys this database holds (${error.message}). ` +
        'Start with the secret they were sealed with; a new secret would leave every signed token and code unverifiable.',
    );
  }
}

/** The key's private JWK in the clear; a plaintext row is sealed on the way. */
export async function openPrivateJwk(storage: Storage, cipher: KeyCipher, key: Pick<SigningKey, 'kid' | 'privateJwk'>): Promise<string> {
  if (isSealed(key.privateJwk)) return cipher.open(key.privateJwk, keyLabel(key.kid));
  await storage.signingKeys.replacePrivateJwk(key.kid, key.privateJwk, cipher.seal(key.privateJwk, keyLabel(key.kid)));
  return key.privateJwk;
}

/** A private JWK sealed for the key `kid`, as it is stored. */
export const sealPrivateJwk = (cipher: KeyCipher, kid: string, privateJwk: string): string => cipher.seal(privateJwk, keyLabel(kid));

async function openSecret(storage: Storage, cipher: KeyCipher, name: string, stored: string): Promise<string> {
  if (isSealed(stored)) return cipher.open(stored, secretLabel(name));
  await storage.secrets.replace(name, stored, cipher.seal(stored, secretLabel(name)));
  return stored;
}

/** The named server secret in the clear, created (256 random bits, sealed) on first use. */
export async function serverSecret(storage: Storage, cipher: KeyCipher, clock: Clock, name: string): Promise<string> {
  const stored = await storage.secrets.getOrCreate(name, () => cipher.seal(randomSecret(), secretLabel(name)), clock.now());
  return openSecret(storage, cipher, name, stored);
}
