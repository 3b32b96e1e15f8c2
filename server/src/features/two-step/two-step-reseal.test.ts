/**
 * Authenticator-app secrets when KEY_ENCRYPTION_SECRET is replaced (docs/keys.md): the first start
 * naming the old secret as KEY_ENCRYPTION_SECRET_PREVIOUS seals every `totp_secrets` row again under
 * the new one, as it does the signing keys (services/key-sealing.ts), so the person's app goes on
 * working once the old secret is gone; a secret that opens with neither stops the start.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createKeyCipher } from '../../lib/key-encryption.js';
import { KeySecretMismatchError } from '../../services/key-sealing.js';
import { passkeyBrowser } from '../../test-support/passkeys.js';
import { useSecurityTests } from '../../test-support/security.js';
import { closeTestInstances } from '../../test-support/test-instances.js';
import { createTestServer, type TestServer } from '../../test-support/test-server.js';
import { twoStepSteps } from '../../test-support/two-step.js';

const PHONE = '+998901234572';
const NEW_SECRET = 'the-new-secret-of-thirty-two-characters';

describe('authenticator-app secrets when the key-encryption secret is replaced', () => {
  const { server, tokens } = useSecurityTests(PHONE);
  const steps = twoStepSteps(server);
  const instances: TestServer[] = [];
  afterEach(() => closeTestInstances(instances.splice(0)));
  const start = async (env: Record<string, string>) => {
    const instance = await createTestServer({ env, sharing: { databaseUrl: server.databaseUrl, clock: server.clock } });
    instances.push(instance);
    return instance;
  };
  const sealedRows = () => server.db.selectFrom('totp_secrets').select(['id', 'sealed_secret']).execute();

  it('seals them again under the new secret, the same secret inside, and the app’s codes still pass', async () => {
    const { secret } = await steps.turnOn(tokens.access);
    const oldCipher = createKeyCipher(server.config.keyEncryptionSecret.value);
    const [before] = await sealedRows();
    if (!before) throw new Error('no secret stored');
    expect(oldCipher.open(before.sealed_secret, `totp_secrets:${before.id}`)).toBe(secret);

    await start({
      KEY_ENCRYPTION_SECRET: NEW_SECRET,
      KEY_ENCRYPTION_SECRET_PREVIOUS: server.config.keyEncryptionSecret.value,
    });
    const [after] = await sealedRows();
    expect(after?.sealed_secret).not.toBe(before.sealed_secret);
    expect(createKeyCipher(NEW_SECRET).open(after?.sealed_secret ?? '', `totp_secrets:${before.id}`)).toBe(secret);
    expect(() => oldCipher.open(after?.sealed_secret ?? '', `totp_secrets:${before.id}`)).toThrow(/does not open/);

    // The new secret alone: the second step with the app's code goes through.
    const alone = await start({ KEY_ENCRYPTION_SECRET: NEW_SECRET });
    const done = await steps.signInWithApp(PHONE, secret, passkeyBrowser(alone));
    expect(done.status).toBe(200);
  });

  it('stops the start when a secret opens with neither secret', async () => {
    await steps.turnOn(tokens.access);
    const other = createKeyCipher('yet-another-secret-of-thirty-two-chars');
    const [row] = await sealedRows();
    await server.db
      .updateTable('totp_secrets')
      .set({ sealed_secret: other.seal('JBSWY3DPEHPK3PXP', `totp_secrets:${row?.id}`) })
      .execute();
    await expect(
      start({
        KEY_ENCRYPTION_SECRET: NEW_SECRET,
        KEY_ENCRYPTION_SECRET_PREVIOUS: server.config.keyEncryptionSecret.value,
      }),
    ).rejects.toThrow(KeySecretMismatchError);
  });
});
