/**
 * The signing-key store with a frozen clock (issue 33): a token naming a key another instance has
 * just made is verified at once, not at the next read of the cache; a flood of unknown kids costs
 * at most one read of the keys per SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS.
 */
import { describe, expect, it } from 'vitest';
import { SIGNING_KEY_CACHE_SECONDS, SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS } from '../config/policy.js';
import { ACCESS_ALG, createAccessTokenSigner, ID_TOKEN_ALG } from '../lib/jwt.js';
import { createKeyCipher } from '../lib/key-encryption.js';
import { jwtHeader, jwtPayload } from '../test-support/oauth.js';
import { readyKeyPair } from '../test-support/ready-key-pairs.js';
import { useTestServer, V1 } from '../test-support/test-server.js';
import type { Storage } from '../storage/storage.js';
import { createSigningKey, createSigningKeyStore } from './signing-key-store.js';

const server = useTestServer();
const cipher = () => createKeyCipher(server.config.keyEncryptionSecret.value);

/** The server's storage, counting the reads of the signing keys. */
function counted(storage: Storage) {
  const reads = { count: 0 };
  const signingKeys = { ...storage.signingKeys, list: () => (reads.count++, storage.signingKeys.list()) };
  return { storage: { ...storage, signingKeys } as Storage, reads };
}

describe('a key another instance has just made', () => {
  it('verifies an access token it signed at once, though this instance read its keys a second ago', async () => {
    const spa = await server.registerByPhone('+998901112233');
    // Another instance makes a key that signs from now, and signs with it (as a first key made there would).
    server.clock.advanceSeconds(SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS);
    const kid = await createSigningKey(server.storage, cipher(), ACCESS_ALG, server.clock.now(), server.clock.now());
    const other = createSigningKeyStore({ storage: server.storage, clock: server.clock, cipher: cipher() });
    const { sub, sid } = jwtPayload(spa.access) as { sub: string; sid: string };
    const token = await createAccessTokenSigner(other.source(ACCESS_ALG), server.clock, server.config.publicUrl).sign(
      { userId: sub, sessionId: sid },
      900,
    );
    expect(jwtHeader(token).kid).toBe(kid);

    const me = await server.call('GET', `${V1}/user/MyProfile`, { token });
    expect(me.status).toBe(200);
    // Its JWKS, read again for that token, publishes the key too, well before its cache would have.
    const published = (await server.call('GET', '/.well-known/jwks.json')).json.keys.map(
      (key: { kid: string }) => key.kid,
    );
    expect(published).toContain(kid);
  });
});

describe('unknown kids', () => {
  it('read the keys once per second however many arrive, each looked up in that read', async () => {
    const { storage, reads } = counted(server.storage);
    const keys = createSigningKeyStore({ storage, clock: server.clock, cipher: cipher(), generate: readyKeyPair });
    await keys.ready();
    const source = keys.source(ID_TOKEN_ALG);
    const known = (await source.current()).signing.kid;
    reads.count = 0;

    // A flood of forged kids within one second: one read, all refused; a known kid reads nothing.
    const forged = await Promise.all(Array.from({ length: 50 }, (_, i) => source.find(`forged-${i}`)));
    expect(forged.every((key) => key === undefined)).toBe(true);
    expect((await source.find(known))?.kid).toBe(known);
    expect(reads.count).toBe(1);

    // A key made within that second is found from the next second on, by the next unknown kid's read.
    server.clock.advanceSeconds(SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS / 2);
    const made = await createSigningKey(server.storage, cipher(), ID_TOKEN_ALG, server.clock.now(), server.clock.now());
    expect(await source.find(made)).toBeUndefined();
    expect(reads.count).toBe(1);
    server.clock.advanceSeconds(SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS / 2);
    expect((await source.find(made))?.kid).toBe(made);
    expect(reads.count).toBe(2);
    // The keys read for it serve the cache: the new key signs, with no other read until the cache is old.
    expect((await source.current()).signing.kid).toBe(made);
    expect(reads.count).toBe(2);
    server.clock.advanceSeconds(SIGNING_KEY_CACHE_SECONDS);
    await source.current();
    expect(reads.count).toBe(3);
  });
});
