/**
 * Everything that must be read from the database before the app can be built: the token signing
 * keys, the code-hash secret and the refresh-successor secret (created on the first start; the ID
 * token key on its first use). Shared by the entry file and the tests, so both run the same wiring.
 */
import { createApp, type AppDeps } from './app.js';
import { ACCESS_ALG, createAccessTokenSigner, createIdTokenSigner, ID_TOKEN_ALG } from './lib/jwt.js';
import { randomSecret } from './lib/secrets.js';
import { createSigningKeyStore } from './services/signing-key-store.js';

export type BootstrapDeps = Omit<AppDeps, 'signer' | 'idTokens' | 'codeKey' | 'refreshKey'>;

export async function buildApp(deps: BootstrapDeps) {
  const issuer = deps.config.publicUrl;
  const keys = createSigningKeyStore(deps.storage, deps.clock);
  const signer = createAccessTokenSigner(await keys.activeKeys(ACCESS_ALG), deps.clock, issuer);
  const idTokens = createIdTokenSigner(() => keys.activeKeys(ID_TOKEN_ALG), deps.clock, issuer);
  const codeKey = await deps.storage.secrets.getOrCreate('otp_code_key', () => randomSecret(), deps.clock.now());
  const refreshKey = await deps.storage.secrets.getOrCreate('refresh_successor_key', () => randomSecret(), deps.clock.now());
  return createApp({ ...deps, signer, idTokens, codeKey, refreshKey });
}
