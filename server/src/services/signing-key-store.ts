/**
 * The token signing keys, kept in the database: generated once, on the first start that needs a key
 * of its algorithm, so every process and every restart signs with the same keys (lib/jwt.ts signs
 * and verifies with them). Two processes racing to create the first key would each add one; both
 * are active, both are published, and the newer signs, so the race is harmless.
 */
import type { Clock } from '../lib/clock.js';
import { generateKeyPairJwks, importKeyPair, type LoadedKey, type SigningAlg } from '../lib/jwt.js';
import { randomSecret } from '../lib/secrets.js';
import type { Storage } from '../storage/storage.js';

export interface SigningKeyStore {
  /** The active keys of `alg`, newest first, creating the first one when there is none. */
  activeKeys(alg: SigningAlg): Promise<LoadedKey[]>;
}

export function createSigningKeyStore(storage: Storage, clock: Clock): SigningKeyStore {
  return {
    async activeKeys(alg) {
      const activeRows = async () => (await storage.signingKeys.listActive()).filter((row) => row.alg === alg);
      let rows = await activeRows();
      if (rows.length === 0) {
        const { privateJwk, publicJwk } = await generateKeyPairJwks(alg);
        await storage.signingKeys.insert({ kid: randomSecret(12), alg, privateJwk, publicJwk, createdAt: clock.now(), retiredAt: null });
        rows = await activeRows();
      }
      return Promise.all(rows.map((row) => importKeyPair(row, alg)));
    },
  };
}
