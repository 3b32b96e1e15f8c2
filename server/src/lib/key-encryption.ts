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
  /** The value sealed for the row named `label`. */
  seal(plaintext: string, label: string): string;
  /** The value a `seal` with the same label made; KeyDecryptionError when the secret or the label is not the one it was sealed with. */
  open(sealed: string, label: string): string;
}

/** Whether a stored value is sealed (rows written before issue 13 hold plaintext). */
export const isSealed = (stored: string): boolean => stored.startsWith(PREFIX);

export function createKeyCipher(secret: string): KeyCipher {
  const key = Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), Buffer.alloc(0), HKDF_INFO, 32));

  return {
    seal(plaintext, label) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(label, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, ciphertext, cipher.getAuthTag()]).toString('base64url');
    },

    open(sealed, label) {
      if (!isSealed(sealed)) throw new KeyDecryptionError(`the value for ${label} is not sealed`);
      const bytes = Buffer.from(sealed.slice(PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new KeyDecryptionError(`the value for ${label} is cut short`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES)).setAAD(Buffer.from(label, 'utf8'));
        decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new KeyDecryptionError(`the value for ${label} does not open with this KEY_ENCRYPTION_SECRET`);
      }
    },
  };
}
