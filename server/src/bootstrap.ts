/**
 * Everything that must be read from the database before the app can be built: the token signing
 * keys and the code-hash secret (both created on the first start). Shared by the entry file and
 * the tests, so both run the same wiring.
 */
import { createApp, type AppDeps } from './app.js';
import { createAccessTokenSigner } from './lib/jwt.js';
import { randomSecret } from './lib/secrets.js';

export type BootstrapDeps = Omit<AppDeps, 'signer' | 'codeKey'>;

export async function buildApp(deps: BootstrapDeps) {
  const signer = await createAccessTokenSigner(deps.storage, deps.clock, deps.config.publicUrl);
  const codeKey = await deps.storage.secrets.getOrCreate('otp_code_key', () => randomSecret(), deps.clock.now());
  return createApp({ ...deps, signer, codeKey });
}
