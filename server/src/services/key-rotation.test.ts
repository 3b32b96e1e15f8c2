/**
 * Signing-key rotation with a frozen clock, on two instances sharing one database (docs/keys.md):
 * the next key is published a lead ahead of signing, tokens of the old key verify until they expire,
 * the old key then leaves the JWKS, and both instances publish and sign alike throughout.
 */
import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  DISCOVERY_MAX_AGE_SECONDS,
  SIGNING_KEY_CACHE_SECONDS,
  SIGNING_KEY_PUBLISH_LEAD_SECONDS,
  SIGNING_KEY_RETIRED_KEEP_SECONDS,
  SIGNING_KEY_ROTATION_SECONDS,
} from '../config/policy.js';
import { ACCESS_ALG, ID_TOKEN_ALG } from '../lib/jwt.js';
import { createKeyCipher } from '../lib/key-encryption.js';
import { jwtHeader } from '../test-support/oauth.js';
import { useTestInstances } from '../test-support/test-instances.js';
import { STRONG_PASSWORD, V1, type TestServer } from '../test-support/test-server.js';
import { rotateSigningKeys } from './key-rotation.js';
import { createSigningKeyStore } from './signing-key-store.js';

const [a, b] = useTestInstances(2);
const PHONE = '+998901112233';

const rotate = () => rotateSigningKeys(a.storage, a.clock, createKeyCipher(a.config.keyEncryptionSecret.value));
/** A fresh access token from a sign-in on `instance`, and the key that signed it. */
async function signIn(instance: TestServer) {
  const answer = await instance.post(`${V1}/login/LoginUser/`, { phone: PHONE, password: STRONG_PASSWORD });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${answer.text}`);
  const access = answer.json.access as string;
  return { access, kid: jwtHeader(access).kid as string };
}
const accessKids = async (instance: TestServer) =>
  ((await instance.call('GET', '/.well-known/jwks.json')).json.keys as { kid: string; alg: string }[])
    .filter((key) => key.alg === ACCESS_ALG)
    .map((key) => key.kid);
const accepted = async (instance: TestServer, access: string) =>
  (await instance.call('GET', `${V1}/user/MyProfile`, { token: access })).status;

/** A key store of its own on the instance's database, as another process would have. */
const storeOn = (instance: TestServer) =>
  createSigningKeyStore({
    storage: instance.storage,
    clock: instance.clock,
    cipher: createKeyCipher(instance.config.keyEncryptionSecret.value),
  }).source(ACCESS_ALG);

describe('rotating the signing keys', () => {
  it('keeps every number in step: clients re-read the JWKS well within the lead, and a retired key outlives its tokens', () => {
    expect(DISCOVERY_MAX_AGE_SECONDS).toBeLessThan(SIGNING_KEY_PUBLISH_LEAD_SECONDS);
    expect(SIGNING_KEY_CACHE_SECONDS).toBeLessThan(SIGNING_KEY_PUBLISH_LEAD_SECONDS);
    expect(SIGNING_KEY_RETIRED_KEEP_SECONDS).toBeGreaterThanOrEqual(
      ACCESS_TOKEN_TTL_SECONDS + SIGNING_KEY_CACHE_SECONDS,
    );
    expect(SIGNING_KEY_PUBLISH_LEAD_SECONDS).toBeLessThan(SIGNING_KEY_ROTATION_SECONDS);
  });

  it('does nothing while the signing key is young', async () => {
    await a.registerByPhone(PHONE);
    a.clock.advanceSeconds(SIGNING_KEY_ROTATION_SECONDS - SIGNING_KEY_PUBLISH_LEAD_SECONDS - 1);
    expect(await rotate()).toEqual({ created: [], retired: [], removed: 0 });
  });

  it('publishes the next key a day before it signs, keeps the old one verifying until its tokens expire, then unpublishes it', async () => {
    await a.registerByPhone(PHONE);
    const first = (await signIn(a)).kid;
    expect(await accessKids(b)).toEqual([first]);

    a.clock.advanceSeconds(SIGNING_KEY_ROTATION_SECONDS - SIGNING_KEY_PUBLISH_LEAD_SECONDS);
    // Both algorithms have had their first key since the start: both rotate.
    const { created } = await rotate();
    expect(created).toHaveLength(2);
    const next = (await accessKids(a)).find((kid) => kid !== first) ?? '';
    expect(created).toContain(next);
    // Published on both instances at once, signing on neither.
    for (const instance of [a, b]) {
      expect(await accessKids(instance)).toEqual([next, first]);
      expect((await signIn(instance)).kid).toBe(first);
    }
    expect(await rotate()).toEqual({ created: [], retired: [], removed: 0 });

    a.clock.advanceSeconds(SIGNING_KEY_PUBLISH_LEAD_SECONDS - 1);
    const lastOfTheOld = await signIn(b);
    expect(lastOfTheOld.kid).toBe(first);
    a.clock.advanceSeconds(1);
    for (const instance of [a, b]) expect((await signIn(instance)).kid).toBe(next);
    expect((await rotate()).retired).toContain(first);

    // The old key's last token verifies on either instance until it expires; the old key stays published.
    a.clock.advanceSeconds(ACCESS_TOKEN_TTL_SECONDS - 2);
    expect([await accepted(a, lastOfTheOld.access), await accepted(b, lastOfTheOld.access)]).toEqual([200, 200]);
    expect(await accessKids(a)).toEqual([next, first]);

    // Removed once SIGNING_KEY_RETIRED_KEEP_SECONDS have passed since its successor took over, and not before.
    a.clock.advanceSeconds(SIGNING_KEY_RETIRED_KEEP_SECONDS - (ACCESS_TOKEN_TTL_SECONDS - 2) - 1);
    expect((await rotate()).removed).toBe(0);
    a.clock.advanceSeconds(1);
    expect((await rotate()).removed).toBe(2);
    a.clock.advanceSeconds(SIGNING_KEY_CACHE_SECONDS);
    for (const instance of [a, b]) expect(await accessKids(instance)).toEqual([next]);
  });

  it('rotates the ID token keys alike, once they exist', async () => {
    await a.call('GET', '/.well-known/jwks.json');
    a.clock.advanceSeconds(SIGNING_KEY_ROTATION_SECONDS - SIGNING_KEY_PUBLISH_LEAD_SECONDS);
    const { created } = await rotate();
    expect(created).toHaveLength(2);
    const algs = (await a.storage.signingKeys.list()).filter((key) => created.includes(key.kid)).map((key) => key.alg);
    expect(algs.toSorted()).toEqual([ACCESS_ALG, ID_TOKEN_ALG].toSorted());
  }, 30_000);

  it('gives two key stores on one database the same signing key and published keys at every moment', async () => {
    const [one, two] = [storeOn(a), storeOn(b)];
    const view = async (source: typeof one) => {
      const { signing, published } = await source.current();
      return { signing: signing.kid, published: published.map((key) => key.kid) };
    };
    const moments = [
      0,
      SIGNING_KEY_ROTATION_SECONDS - SIGNING_KEY_PUBLISH_LEAD_SECONDS,
      SIGNING_KEY_PUBLISH_LEAD_SECONDS,
      SIGNING_KEY_RETIRED_KEEP_SECONDS,
    ];
    const views: unknown[] = [];
    for (const seconds of moments) {
      a.clock.advanceSeconds(seconds);
      await rotate();
      a.clock.advanceSeconds(SIGNING_KEY_CACHE_SECONDS);
      const [first, second] = [await view(one), await view(two)];
      expect(second).toEqual(first);
      views.push(first);
    }
    expect(new Set(views.map((v) => JSON.stringify(v))).size).toBe(moments.length);
  });
});
