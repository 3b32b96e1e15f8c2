/**
 * The server's own keys in the storage interface: token signing keys and named server secrets
 * (kysely-key-storage.ts).
 */
export interface SigningKey {
  kid: string;
  alg: string;
  privateJwk: string;
  publicJwk: string;
  createdAt: number;
  retiredAt: number | null;
}

export interface KeyStorage {
  signingKeys: {
    listActive(): Promise<SigningKey[]>;
    insert(key: SigningKey): Promise<void>;
  };

  secrets: {
    /** Returns the named server secret, creating it with `create()` the first time. */
    getOrCreate(name: string, create: () => string, at: number): Promise<string>;
  };
}
