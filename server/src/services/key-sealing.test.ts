/**
 * Private keys and server secrets at rest (issue 13): the database holds them sealed only, rows of a
 * database made before are sealed at the next start, and a wrong KEY_ENCRYPTION_SECRET stops the
 * start instead of making new keys.
 */
import { describe, expect, it } from 'vitest';
import { createKeyCipher } from '../lib/key-encryption.js';
import { closeTestInstances, createTestInstances } from '../test-support/test-instances.js';
import { createTestServer, useTestServer, V1 } from '../test-support/test-server.js';
import { KeySecretMismatchError } from './key-sealing.js';

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
    for (const key of keys) expect(JSON.parse(cipher.open(key.private_jwk, `signing_keys:${key.kid}`))).toHaveProperty('d');
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
        keys: (await old.db.selectFrom('signing_keys').select(['kid', 'private_jwk']).execute()).map((key) => ({
          kid: key.kid,
          private_jwk: cipher.open(key.private_jwk, `signing_keys:${key.kid}`),
        })),
        secrets: (await old.db.selectFrom('server_secrets').select(['name', 'value']).execute()).map((secret) => ({
          name: secret.name,
          value: cipher.open(secret.value, `server_secrets:${secret.name}`),
        })),
      };
      for (const key of plain.keys) await old.db.updateTable('signing_keys').set({ private_jwk: key.private_jwk }).where('kid', '=', key.kid).execute();
      for (const secret of plain.secrets) await old.db.updateTable('server_secrets').set({ value: secret.value }).where('name', '=', secret.name).execute();

      const upgraded = await createTestServer({ sharing: { databaseUrl: old.databaseUrl, clock: old.clock } });
      instances.push(upgraded);
      const keys = await old.db.selectFrom('signing_keys').select(['kid', 'private_jwk']).execute();
      const secrets = await old.db.selectFrom('server_secrets').select(['name', 'value']).execute();
      expect(keys.map((key) => ({ kid: key.kid, private_jwk: cipher.open(key.private_jwk, `signing_keys:${key.kid}`) }))).toEqual(plain.keys);
      expect(secrets.map((secret) => ({ name: secret.name, value: cipher.open(secret.value, `server_secrets:${secret.name}`) }))).toEqual(plain.secrets);

      // The same key verifies the old token; a second start changes nothing more.
      expect((await upgraded.call('GET', `${V1}/user/MyProfile`, { token: spa.access })).status).toBe(200);
      const again = await createTestServer({ sharing: { databaseUrl: old.databaseUrl, clock: old.clock } });
      instances.push(again);
      expect(await old.db.selectFrom('signing_keys').select(['kid', 'private_jwk']).execute()).toEqual(keys);
    } finally {
      await closeTestInstances(instances);
    }
  });
});
