/**
 * The server's private signing keys and named secrets (and the authenticator-app secrets of two-step
 * verification), sealed at rest with KEY_ENCRYPTION_SECRET
 * (lib/key-encryption.ts): the storage only ever holds their sealed form. Rows written before
 * issue 13 hold plaintext, and rows sealed under KEY_ENCRYPTION_SECRET_PREVIOUS the secret being
 * replaced; the start seals them under the current one, once, whichever instance comes first (a
 * compare-and-set per row), and opens every sealed row, so a wrong secret stops the start instead
 * of leaving an instance that cannot sign, or that would make new keys and sign everybody out.
 */
import type { Clock } from '../lib/clock.js';
import { isSealed, KeyDecryptionError, type KeyCipher } from '../lib/key-encryption.js';
import { randomSecret } from '../lib/secrets.js';
import type { SigningKey, Storage } from '../storage/storage.js';
import { totpLabel } from './two-step.js';

/** A wrong KEY_ENCRYPTION_SECRET for the keys this database holds: the start stops with this message. */
export class KeySecretMismatchError extends Error {
  override name = 'KeySecretMismatchError';
}

/** The server's named secrets (server_secrets rows): the code-hash key and the refresh-successor key. */
export const SERVER_SECRETS = { codeHash: 'otp_code_key', refreshSuccessor: 'refresh_successor_key' } as const;

const keyLabel = (kid: string) => `signing_keys:${kid}`;
const secretLabel = (name: string) => `server_secrets:${name}`;

/**
 * Seals every row that is not sealed under the current secret — plaintext, or sealed under
 * KEY_ENCRYPTION_SECRET_PREVIOUS — and checks that every row opens.
 */
export async function sealKeysAtRest(storage: Storage, cipher: KeyCipher): Promise<void> {
  try {
    for (const key of await storage.signingKeys.list()) await openPrivateJwk(storage, cipher, key);
    for (const secret of await storage.secrets.list()) await openSecret(storage, cipher, secret.name, secret.value);
    await sealTotpSecretsAtRest(storage, cipher);
  } catch (error) {
    if (!(error instanceof KeyDecryptionError)) throw error;
    throw new KeySecretMismatchError(
      `KEY_ENCRYPTION_SECRET does not open the keys this database holds (${error.message}). ` +
        'Start with the secret they were sealed with (or, to replace it, that one as KEY_ENCRYPTION_SECRET_PREVIOUS); ' +
        'a new secret alone would leave every signed token and code unverifiable.',
    );
  }
}

/** How many authenticator-app secrets the start reads at a time. */
const TOTP_PAGE = 500;

/**
 * Authenticator-app secrets of two-step verification (issue 41, services/two-step.ts) are sealed the
 * same way: those under the previous secret are sealed again, each once, and every one must open.
 */
async function sealTotpSecretsAtRest(storage: Storage, cipher: KeyCipher): Promise<void> {
  for (let after = ''; ;) {
    const page = await storage.totpSecrets.listPage(after, TOTP_PAGE);
    for (const row of page) {
      await openStored(cipher, totpLabel(row.id), row.sealedSecret, (sealed) =>
        storage.totpSecrets.replaceSealed(row.id, row.sealedSecret, sealed),
      );
    }
    if (page.length < TOTP_PAGE) return;
    after = page[page.length - 1]?.id ?? '';
  }
}

/**
 * A stored value in the clear. One not sealed under the current secret (plaintext from before issue
 * 13, or sealed under the previous secret) is sealed again on the way, by `replace`: a
 * compare-and-set, so instances doing it at once do not clash.
 */
async function openStored(
  cipher: KeyCipher,
  label: string,
  stored: string,
  replace: (sealed: string) => Promise<unknown>,
): Promise<string> {
  const { value, stale } = isSealed(stored) ? cipher.unseal(stored, label) : { value: stored, stale: true };
  if (stale) await replace(cipher.seal(value, label));
  return value;
}

/** The key's private JWK in the clear. */
export const openPrivateJwk = (
  storage: Storage,
  cipher: KeyCipher,
  key: Pick<SigningKey, 'kid' | 'privateJwk'>,
): Promise<string> =>
  openStored(cipher, keyLabel(key.kid), key.privateJwk, (sealed) =>
    storage.signingKeys.replacePrivateJwk(key.kid, key.privateJwk, sealed),
  );

/** A private JWK sealed for the key `kid`, as it is stored. */
export const sealPrivateJwk = (cipher: KeyCipher, kid: string, privateJwk: string): string =>
  cipher.seal(privateJwk, keyLabel(kid));

const openSecret = (storage: Storage, cipher: KeyCipher, name: string, stored: string): Promise<string> =>
  openStored(cipher, secretLabel(name), stored, (sealed) => storage.secrets.replace(name, stored, sealed));

/** The named server secret in the clear, created (256 random bits, sealed) on first use. */
export async function serverSecret(storage: Storage, cipher: KeyCipher, clock: Clock, name: string): Promise<string> {
  const stored = await storage.secrets.getOrCreate(
    name,
    () => cipher.seal(randomSecret(), secretLabel(name)),
    clock.now(),
  );
  return openSecret(storage, cipher, name, stored);
}
