/**
 * Everything that must be read from the database before the app can be built: the token signing
 * keys, the code-hash secret and the refresh-successor secret (each created on the first start,
 * once across instances starting together), all sealed with KEY_ENCRYPTION_SECRET (services/key-sealing.ts: old
 * plaintext rows are sealed here, and a wrong secret stops the start). Shared by the entry file and
 * the tests, so both run the same wiring.
 */
import { createApp, type AppDeps } from './app.js';
import { ACCESS_ALG, createAccessTokenSigner, createIdTokenSigner, ID_TOKEN_ALG } from './lib/jwt.js';
import { createKeyCipher } from './lib/key-encryption.js';
import { sealKeysAtRest, SERVER_SECRETS, serverSecret } from './services/key-sealing.js';
import { createSigningKeyStore, type GenerateKeyPair } from './services/signing-key-store.js';

/**
 * What the app is built from. Among them `providerClients` (AppDeps): the social providers' clients
 * (services/social/provider-client.ts); absent, no provider is offered.
 */
export type BootstrapDeps = Omit<AppDeps, 'signer' | 'idTokens' | 'codeKey' | 'refreshKey' | 'secretCipher'> & {
  /** How signing key pairs are made (lib/jwt.ts's unless given): tests hand over ready-made ones. */
  generateKeyPair?: GenerateKeyPair;
};

export async function buildApp({ generateKeyPair, ...deps }: BootstrapDeps) {
  const issuer = deps.config.publicUrl;
  const cipher = createKeyCipher(deps.config.keyEncryptionSecret.value, deps.config.keyEncryptionSecret.previous);
  await sealKeysAtRest(deps.storage, cipher);
  const keys = createSigningKeyStore({
    storage: deps.storage,
    clock: deps.clock,
    cipher,
    ...(generateKeyPair ? { generate: generateKeyPair } : {}),
  });
  // Every algorithm's first key is made (or the keys read) at start, not at the first token: a key
  // one instance made on first use would sign before the others had read it (issue 33).
  await keys.ready();
  const signer = createAccessTokenSigner(keys.source(ACCESS_ALG), deps.clock, issuer);
  const idTokens = createIdTokenSigner(keys.source(ID_TOKEN_ALG), deps.clock, issuer);
  const codeKey = await serverSecret(deps.storage, cipher, deps.clock, SERVER_SECRETS.codeHash);
  const refreshKey = await serverSecret(deps.storage, cipher, deps.clock, SERVER_SECRETS.refreshSuccessor);
  return createApp({ ...deps, signer, idTokens, codeKey, refreshKey, secretCipher: cipher });
}
