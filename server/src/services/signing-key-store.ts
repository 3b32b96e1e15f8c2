/**
 * The token signing keys, kept in the database and shared by every instance (docs/keys.md). Each
 * instance keeps what it read for SIGNING_KEY_CACHE_SECONDS, then reads again, so a key rotated in
 * by any instance (services/key-rotation.ts) reaches every other without a restart; a token naming
 * a key not yet known makes it read again at once (at most once every
 * SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS, so forged kids cannot turn every request into a read).
 *
 * Which key signs is decided at each signature, not at each read: the latest one whose activation
 * time has come. Every key kept verifies and is published, including the next one before it signs.
 * The first key of each algorithm is made at start (`ready`), before the instance answers anybody,
 * and once across instances: of instances starting together one inserts it and the others read it
 * (storage insertFirst), so every instance publishes the same keys from its first answer on.
 */
import { SIGNING_KEY_CACHE_SECONDS, SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS } from '../config/policy.js';
import type { Clock } from '../lib/clock.js';
import {
  ACCESS_ALG,
  generateKeyPairJwks,
  ID_TOKEN_ALG,
  importKeyPair,
  type KeySource,
  type LoadedKey,
  type SigningAlg,
} from '../lib/jwt.js';
import type { KeyCipher } from '../lib/key-encryption.js';
import { randomSecret } from '../lib/secrets.js';
import type { SigningKey, Storage } from '../storage/storage.js';
import { openPrivateJwk, sealPrivateJwk } from './key-sealing.js';

export interface SigningKeyStore {
  /** The keys of `alg`, for lib/jwt.ts's signers. */
  source(alg: SigningAlg): KeySource;
  /** Reads every algorithm's keys, making (once across instances) the first key of any that has none. */
  ready(): Promise<void>;
}

/** A new key pair's two halves as JWK JSON (lib/jwt.ts generateKeyPairJwks). */
export type GenerateKeyPair = (alg: SigningAlg) => Promise<{ privateJwk: string; publicJwk: string }>;

export interface SigningKeyStoreDeps {
  storage: Storage;
  clock: Clock;
  cipher: KeyCipher;
  /** How key pairs are made; lib/jwt.ts's unless a test hands over ready-made ones. */
  generate?: GenerateKeyPair;
}

const SIGNING_ALGS = [ACCESS_ALG, ID_TOKEN_ALG] as const;

interface Entry {
  key: LoadedKey;
  activatesAt: number;
}

/** Makes and stores a new key of `alg` that signs from `activatesAt` (published from now); returns its kid. */
export async function createSigningKey(
  storage: Storage,
  cipher: KeyCipher,
  alg: SigningAlg,
  now: number,
  activatesAt: number,
): Promise<string> {
  const kid = randomSecret(12);
  const { privateJwk, publicJwk } = await generateKeyPairJwks(alg);
  await storage.signingKeys.insert({
    kid,
    alg,
    privateJwk: sealPrivateJwk(cipher, kid, privateJwk),
    publicJwk,
    createdAt: now,
    activatesAt,
    retiredAt: null,
  });
  return kid;
}

/**
 * Makes the first key of `alg`, signing at once (no instance or client can have cached a JWKS
 * without it), unless another instance made one first: its key is then the one kept.
 */
async function createFirstSigningKey(
  storage: Storage,
  cipher: KeyCipher,
  generate: GenerateKeyPair,
  alg: SigningAlg,
  now: number,
): Promise<void> {
  const kid = randomSecret(12);
  const { privateJwk, publicJwk } = await generate(alg);
  await storage.signingKeys.insertFirst({
    kid,
    alg,
    privateJwk: sealPrivateJwk(cipher, kid, privateJwk),
    publicJwk,
    createdAt: now,
    activatesAt: now,
    retiredAt: null,
  });
}

export function createSigningKeyStore({
  storage,
  clock,
  cipher,
  generate = generateKeyPairJwks,
}: SigningKeyStoreDeps): SigningKeyStore {
  /** Imported keys by algorithm and kid: a kid never names another key, so only work is saved here, never a decision. */
  const imported = new Map<SigningAlg, Map<string, Promise<LoadedKey>>>();
  const cached = new Map<SigningAlg, { readAt: number; entries: Promise<Entry[]> }>();

  function load(row: SigningKey, alg: SigningAlg, ofAlg: Map<string, Promise<LoadedKey>>): Promise<LoadedKey> {
    let key = ofAlg.get(row.kid);
    if (!key) {
      key = openPrivateJwk(storage, cipher, row).then((privateJwk) => importKeyPair({ ...row, privateJwk }, alg));
      key.catch(() => ofAlg.delete(row.kid));
      ofAlg.set(row.kid, key);
    }
    return key;
  }

  async function read(alg: SigningAlg): Promise<Entry[]> {
    const rowsOfAlg = async () => (await storage.signingKeys.list()).filter((row) => row.alg === alg);
    let rows = await rowsOfAlg();
    if (rows.length === 0) {
      await createFirstSigningKey(storage, cipher, generate, alg, clock.now());
      rows = await rowsOfAlg();
    }
    // Keys removed from the database are forgotten here too: they verify nothing any more.
    const ofAlg = imported.get(alg) ?? new Map<string, Promise<LoadedKey>>();
    imported.set(alg, ofAlg);
    const kept = new Set(rows.map((row) => row.kid));
    for (const kid of ofAlg.keys()) if (!kept.has(kid)) ofAlg.delete(kid);
    return Promise.all(rows.map(async (row) => ({ key: await load(row, alg, ofAlg), activatesAt: row.activatesAt })));
  }

  /** The last read an unknown kid asked for, by algorithm: the next one waits SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS. */
  const unknownKidReads = new Map<SigningAlg, { readAt: number; entries: Promise<Entry[]> }>();

  /** The keys of `alg` read now, kept for the next SIGNING_KEY_CACHE_SECONDS. */
  function readNow(alg: SigningAlg, now: number): Promise<Entry[]> {
    const fresh = read(alg);
    cached.set(alg, { readAt: now, entries: fresh });
    fresh.catch(() => {
      if (cached.get(alg)?.entries === fresh) cached.delete(alg);
    });
    return fresh;
  }

  /** The keys of `alg` as read at most SIGNING_KEY_CACHE_SECONDS ago. */
  function entries(alg: SigningAlg): Promise<Entry[]> {
    const now = clock.now();
    const hit = cached.get(alg);
    if (hit && now >= hit.readAt && now - hit.readAt < SIGNING_KEY_CACHE_SECONDS * 1000) return hit.entries;
    return readNow(alg, now);
  }

  /**
   * The keys of `alg` read again because a token named a kid they lack (a key another instance has
   * just made), at once however fresh the cache: once per SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS,
   * and every unknown kid within that time is looked up in that read (waiting for it if it is under way).
   */
  function entriesForUnknownKid(alg: SigningAlg): Promise<Entry[]> {
    const now = clock.now();
    const last = unknownKidReads.get(alg);
    if (last && now >= last.readAt && now - last.readAt < SIGNING_KEY_UNKNOWN_KID_RELOAD_SECONDS * 1000)
      return last.entries;
    const fresh = readNow(alg, now);
    unknownKidReads.set(alg, { readAt: now, entries: fresh });
    return fresh;
  }

  return {
    source(alg) {
      return {
        async current() {
          const all = await entries(alg);
          const now = clock.now();
          // Latest activation first: the first whose time has come signs. Should the clock stand
          // before every activation, the earliest key signs rather than none.
          const signing = all.find((entry) => entry.activatesAt <= now) ?? all.at(-1);
          if (!signing) throw new Error(`No ${alg} signing key could be loaded`);
          return { signing: signing.key, published: all.map((entry) => entry.key) };
        },
        async find(kid) {
          const known = (await entries(alg)).find((entry) => entry.key.kid === kid);
          if (known) return known.key;
          return (await entriesForUnknownKid(alg)).find((entry) => entry.key.kid === kid)?.key;
        },
      };
    },
    async ready() {
      await Promise.all(SIGNING_ALGS.map((alg) => entries(alg)));
    },
  };
}
