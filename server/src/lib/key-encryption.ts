/**
 * Sealing the server's private keys and secrets at rest (issue 13): AES-256-GCM (NIST SP 800-38D)
 * under a key derived with HKDF-SHA-256 (RFC 5869) from KEY_ENCRYPTION_SECRET, so a copy of the
 * database alone (a backup, a replica, a dump) signs nothing and forges no code. Each value is bound
 * to its row by the additional data (`label`): a sealed value copied into another row does not open.
 *
 * Stored form: `v1:` + base64url(iv ‖ ciphertext ‖ tag), 12-byte random IV (SP 800-38D §8.2.2:
 * random IVs stay safe far beyond the few thousand values this ever seals), 16-byte tag.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** RFC 5869 §3.2: the info string ties the derived key to this one use; changing it changes every key. */
const HKDF_INFO = 'kirish key-encryption v1';

export class KeyDecryptionError extends Error {
  override name = 'KeyDecryptionError';
}

export interface KeyCipher {
  /** The value sealed for the row named `label`, under the current secret. */
  seal(plaintext: string, label: string): string;
  /**
   * The value a `seal` with the same label made, under the current secret or the previous one
   * (`stale`: sealed under the previous, to be sealed again); KeyDecryptionError when neither
   * secret, or not the label, is the one it was sealed with.
   */
  unseal(sealed: string, label: string): { value: string; stale: boolean };
  /** `unseal`'s value. */
  open(sealed: string, label: string): string;
}

/** Whether a stored value is sealed (rows written before issue 13 hold plaintext). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

const keyOf = (secret: string) =>
  Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), HKDF_INFO, 32));

/** The value under `key`, or undefined when the key or the label is not the one it was sealed with. */
function openWith(key: Buffer, bytes: Buffer, label: string): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(
      Buffer.from(label, 'utf8'),
    );
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * A cipher under `secret`; with `previous` (KEY_ENCRYPTION_SECRET_PREVIOUS, docs/keys.md) it also
 * opens what the secret before it sealed, so that the secret can be replaced without replacing the keys.
 */
export function createKeyCipher(secret: string, previous?: string): KeyCipher {
  const key = keyOf(secret);
  const previousKey = previous === undefined ? undefined : keyOf(previous);

  function unseal(sealed: string, label: string) {
    if (!isSealed(sealed)) throw new KeyDecryptionError(`the value for ${label} is not sealed`);
    const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
    if (bytes.length < IV_BYTES + TAG_BYTES) throw new KeyDecryptionError(`the value for ${label} is cut short`);
    const current = openWith(key, bytes, label);
    if (current !== undefined) return { value: current, stale: false };
    const before = previousKey && openWith(previousKey, bytes, label);
    if (before !== undefined) return { value: before, stale: true };
    throw new KeyDecryptionError(
      `the value for ${label} does not open with this KEY_ENCRYPTION_SECRET${previousKey ? ' or KEY_ENCRYPTION_SECRET_PREVIOUS' : ''}`,
    );
  }

  return {
    seal(plaintext, label) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(label, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
    },
    unseal,
    open: (sealed, label) => unseal(sealed, label).value,
  };
}
