/** Sealing values at rest: AES-256-GCM under a key derived from the secret, bound to the row's label. */
import { describe, expect, it } from 'vitest';
import { createKeyCipher, isSealed, KeyDecryptionError } from './key-encryption.js';

const SECRET = 'a-test-secret-of-thirty-two-characters';

describe('createKeyCipher', () => {
  it('seals to v1: and base64url, differently each time, and opens what it sealed', () => {
    const cipher = createKeyCipher(SECRET);
    const one = cipher.seal('{"d":"private"}', 'signing_keys:k1');
    const two = cipher.seal('{"d":"private"}', 'signing_keys:k1');
    expect(one).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain('private');
    expect([isSealed(one), isSealed('{"d":"private"}')]).toEqual([true, false]);
    expect(cipher.open(one, 'signing_keys:k1')).toBe('{"d":"private"}');
    expect(createKeyCipher(SECRET).open(two, 'signing_keys:k1')).toBe('{"d":"private"}');
  });

  it('refuses another secret, another row, a changed byte, a cut value and plaintext', () => {
    const cipher = createKeyCipher(SECRET);
    const sealed = cipher.seal('value', 'server_secrets:otp_code_key');
    // One character of the tag changed: always to another one (a fixed letter would equal it one time in 64).
    const flipped = `${sealed.slice(0, -2)}${sealed.at(-2) === 'A' ? 'B' : 'A'}${sealed.slice(-1)}`;
    const attempts = [
      () => createKeyCipher(`${SECRET}!`).open(sealed, 'server_secrets:otp_code_key'),
      () => cipher.open(sealed, 'server_secrets:refresh_successor_key'),
      () => cipher.open(flipped, 'server_secrets:otp_code_key'),
      () => cipher.open('v1:AAAA', 'server_secrets:otp_code_key'),
      () => cipher.open('value', 'server_secrets:otp_code_key'),
    ];
    for (const attempt of attempts) expect(attempt).toThrow(KeyDecryptionError);
  });

  it('opens what the previous secret sealed as stale, while sealing under the new one only', () => {
    const before = createKeyCipher(SECRET);
    const sealedBefore = before.seal('value', 'server_secrets:otp_code_key');
    const replacing = createKeyCipher('the-new-secret-of-thirty-two-characters', SECRET);
    expect(replacing.unseal(sealedBefore, 'server_secrets:otp_code_key')).toEqual({ value: 'value', stale: true });
    const sealedNow = replacing.seal('value', 'server_secrets:otp_code_key');
    expect(replacing.unseal(sealedNow, 'server_secrets:otp_code_key')).toEqual({ value: 'value', stale: false });
    expect(() => before.open(sealedNow, 'server_secrets:otp_code_key')).toThrow(KeyDecryptionError);
    // Still bound to its row, and a third secret opens neither.
    expect(() => replacing.open(sealedBefore, 'server_secrets:refresh_successor_key')).toThrow(
      /KEY_ENCRYPTION_SECRET or KEY_ENCRYPTION_SECRET_PREVIOUS/,
    );
    expect(() => createKeyCipher(`${SECRET}!`).open(sealedBefore, 'server_secrets:otp_code_key')).toThrow(
      KeyDecryptionError,
    );
  });
});
