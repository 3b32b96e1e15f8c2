/**
 * Private keys and server secrets at rest (issue 13): the database holds them sealed only, rows of a
 * database made before are sealed at the next start, and a wrong KEY_ENCRYPTION_SECRET stops the
 * start instead of making new keys.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyCipher, type KeyCipher } from '../lib/key-encryption.js';
import { closeTestInstances, createTestInstances } from '../test-support/test-instances.js';
import { createTestServer, useTestServer, V1, type TestServer } from '../test-support/test-server.js';
import { KeySecretMismatchError } from './key-sealing.js';
import { createSigningKey } from './signing-key-store.js';

const server = useTestServer();
const PHONE = '+998901112233';

const rows = async () => ({
  keys: await server.db.selectFrom('signing_keys').select(['kid', 'private_jwk']).orderBy('kid').execute(),
  secrets: await server.db.selectFrom('server_secrets').select(['name', 'value']).orderBy('name').execute(),
});

describe('keys at rest', () => {
  it('keeps no private key or secret in the clear: no "d" member, every value sealed', async () => {
    await server.call('GET', '/.well-known/jwks.json');
    const { keys, secrets } = await rows();
    expect(keys).toHaveLength(2);
    expect(secrets.map((secret) => secret.name)).toEqual(['otp_code_key', 'refresh_successor_key']);
    for (const value of [...keys.map((key) => key.private_jwk), ...secrets.map((secret) => secret.value)]) {
      expect(value).toMatch(/^v1:[A-Za-z0-9_-]+$/);
      expect(value).not.toContain('"d"');
    }
    const cipher = createKeyCipher(server.config.keyEncryptionSecret.value);
    for (const key of keys)
      expect(JSON.parse(cipher.open(key.private_jwk, `signing_keys:${key.kid}`))).toHaveProperty('d');
  });

  it('refuses to start with another secret, naming the variable, and adds no key', async () => {
    const before = await rows();
    const start = createTestServer({
      env: { KEY_ENCRYPTION_SECRET: 'another-secret-of-thirty-two-characters' },
      sharing: { databaseUrl: server.databaseUrl, clock: server.clock },
    });
    await expect(start).rejects.toThrow(KeySecretMismatchError);
    await expect(start).rejects.toThrow(/^KEY_ENCRYPTION_SECRET does not open the keys this database holds/);
    expect(await rows()).toEqual(before);
  });
});

describe('a database made before keys were sealed', () => {
  it('has its plaintext rows sealed at the next start, once, with the same keys and secrets inside', async () => {
    const [old] = await createTestInstances(1);
    if (!old) throw new Error('no instance');
    const instances = [old];
    try {
      const spa = await old.registerByPhone(PHONE);
      // Back to how such a database held them: in the clear.
      const cipher = createKeyCipher(old.config.keyEncryptionSecret.value);
      const plain = {
        keys: (await old.db.selectFrom('signing_keys').select(['kid', 'private_jwk']).orderBy('kid').execute()).map(
          (key) => ({
            kid: key.kid,
            private_jwk: cipher.open(key.private_jwk, `signing_keys:${key.kid}`),
          }),
        ),
        secrets: (await old.db.selectFrom('server_secrets').select(['name', 'value']).orderBy('name').execute()).map(
          (secret) => ({
            name: secret.name,
            value: cipher.open(secret.value, `server_secrets:${secret.name}`),
          }),
        ),
      };
      for (const key of plain.keys)
        await old.db
          .updateTable('signing_keys')
          .set({ private_jwk: key.private_jwk })
          .where('kid', '=', key.kid)
          .execute();
      for (const secret of plain.secrets)
        await old.db
          .updateTable('server_secrets')
          .set({ value: secret.value })
          .where('name', '=', secret.name)
          .execute();

      const upgraded = await createTestServer({ sharing: { databaseUrl: old.databaseUrl, clock: old.clock } });
      instances.push(upgraded);
      const keys = await old.db.selectFrom('signing_keys').select(['kid', 'private_jwk']).orderBy('kid').execute();
      const secrets = await old.db.selectFrom('server_secrets').select(['name', 'value']).orderBy('name').execute();
      expect(
        keys.map((key) => ({ kid: key.kid, private_jwk: cipher.open(key.private_jwk, `signing_keys:${key.kid}`) })),
      ).toEqual(plain.keys);
      expect(
        secrets.map((secret) => ({
          name: secret.name,
          value: cipher.open(secret.value, `server_secrets:${secret.name}`),
        })),
      ).toEqual(plain.secrets);

      // The same key verifies the old token; a second start changes nothing more.
      expect((await upgraded.call('GET', `${V1}/user/MyProfile`, { token: spa.access })).status).toBe(200);
      const again = await createTestServer({ sharing: { databaseUrl: old.databaseUrl, clock: old.clock } });
      instances.push(again);
      expect(await old.db.selectFrom('signing_keys').select(['kid', 'private_jwk']).orderBy('kid').execute()).toEqual(
        keys,
      );
    } finally {
      await closeTestInstances(instances);
    }
  });
});

/** Every row in the clear, opened with `cipher` alone (which throws when it cannot). */
const opened = async (cipher: KeyCipher) => {
  const { keys, secrets } = await rows();
  return [
    ...keys.map((key) => cipher.open(key.private_jwk, `signing_keys:${key.kid}`)),
    ...secrets.map((secret) => cipher.open(secret.value, `server_secrets:${secret.name}`)),
  ];
};

describe('replacing KEY_ENCRYPTION_SECRET (docs/keys.md)', () => {
  const NEW_SECRET = 'the-new-secret-of-thirty-two-characters';
  const instances: TestServer[] = [];
  afterEach(() => closeTestInstances(instances.splice(0)));
  /** Another instance on the test server's database, with `env` (the test server's old secret when empty). */
  const start = async (env: Record<string, string> = {}) => {
    const instance = await createTestServer({ env, sharing: { databaseUrl: server.databaseUrl, clock: server.clock } });
    instances.push(instance);
    return instance;
  };
  const replacing = () =>
    start({
      KEY_ENCRYPTION_SECRET: NEW_SECRET,
      KEY_ENCRYPTION_SECRET_PREVIOUS: server.config.keyEncryptionSecret.value,
    });

  it('seals every key again under the new secret at the first start that names the old one as previous, signing nobody out', async () => {
    const oldCipher = createKeyCipher(server.config.keyEncryptionSecret.value);
    const spa = await server.registerByPhone(PHONE);
    await server.call('GET', '/.well-known/jwks.json');
    const inTheClear = await opened(oldCipher);
    const replaced = await replacing();
    // The same keys and secrets inside, now under the new secret only.
    expect(await opened(createKeyCipher(NEW_SECRET))).toEqual(inTheClear);
    await expect(opened(oldCipher)).rejects.toThrow(/does not open/);
    // The token signed before still works on the new instance, and the instance still on the old
    // secret goes on signing and verifying with the keys it holds.
    expect((await replaced.call('GET', `${V1}/user/MyProfile`, { token: spa.access })).status).toBe(200);
    const refreshed = await server.post(`${V1}/TokenRefresh/`, { refresh: spa.refresh });
    expect(refreshed.status).toBe(200);
    expect(
      (await replaced.call('GET', `${V1}/user/MyProfile`, { token: (refreshed.json as { access: string }).access }))
        .status,
    ).toBe(200);

    // From now on the new secret alone starts; the old one alone is refused.
    await start({ KEY_ENCRYPTION_SECRET: NEW_SECRET });
    await expect(start()).rejects.toThrow(KeySecretMismatchError);
  });

  it('seals again a key that an instance still on the old secret made after the replacement began', async () => {
    const replaced = await replacing();
    // The old instance's rotation job makes the next access-token key, sealed under the old secret.
    const now = server.clock.now();
    const kid = await createSigningKey(
      server.storage,
      createKeyCipher(server.config.keyEncryptionSecret.value),
      'EdDSA',
      now,
      now + 86_400_000,
    );
    server.clock.advanceSeconds(61);
    const jwks = await replaced.call('GET', '/.well-known/jwks.json');
    expect((jwks.json as { keys: { kid: string }[] }).keys.map((key) => key.kid)).toContain(kid);
    // Five rows (two access-token keys, the ID-token key, two secrets), every one under the new secret.
    expect(await opened(createKeyCipher(NEW_SECRET))).toHaveLength(5);
  });
});
