/**
 * The server's own keys in the storage interface: token signing keys and named server secrets
 * (kysely-key-storage.ts). Private keys and secrets are stored as the services hand them over:
 * sealed (services/key-sealing.ts), so this layer never sees them in the clear.
 */
export interface SigningKey {
  kid: string;
  alg: string;
  privateJwk: string;
  publicJwk: string;
  createdAt: number;
  /** Signs from then on; published (and verifying) from its creation. */
  activatesAt: number;
  /** When a newer key took over its signing; it keeps verifying until it is removed. */
  retiredAt: number | null;
}

export interface ServerSecret {
  name: string;
  value: string;
}

export interface KeyStorage {
  signingKeys: {
    /** Every signing key kept, of every algorithm, latest activation first. */
    list(): Promise<SigningKey[]>;
    insert(key: SigningKey): Promise<void>;
    /**
     * Inserts the key only while no key of its algorithm is kept; true when it did. Of any number of
     * instances inserting a first key at once, one inserts and the others insert nothing (they read
     * the winner's from `list`).
     */
    insertFirst(key: SigningKey): Promise<boolean>;
    /** Records that a newer key took over the key's signing at `at` (once: a retired key stays retired at its first time). */
    retire(kid: string, at: number): Promise<void>;
    /** Removes every key retired at or before `before`; returns how many. */
    removeRetiredBefore(before: number): Promise<number>;
    /** Replaces the stored private key when it is still `from` (sealing old plaintext rows once, whoever comes first). */
    replacePrivateJwk(kid: string, from: string, to: string): Promise<boolean>;
  };

  secrets: {
    /** Returns the named server secret as stored, creating it with `create()` the first time (the first of racing creators wins). */
    getOrCreate(name: string, create: () => string, at: number): Promise<string>;
    list(): Promise<ServerSecret[]>;
    /** Replaces the stored value when it is still `from`. */
    replace(name: string, from: string, to: string): Promise<boolean>;
  };
}
