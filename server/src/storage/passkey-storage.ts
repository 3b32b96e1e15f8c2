/**
 * The passkeys part of the storage interface (issue 41, kysely-passkey-storage.ts, migration 0019):
 * an account's WebAuthn credentials, and the challenges of the ceremonies between their two calls.
 * A challenge lives only in the database, so any instance finishes what another began.
 */

/** `second_step`: a passkey as the second step of a half-done sign-in, for its account only. */
export type WebauthnPurpose = 'register' | 'authenticate' | 'second_step';

/** One credential (WebAuthn L3 §4 "credential record"): ids and the COSE public key as base64url. */
export interface Passkey {
  id: string;
  userId: string;
  publicKey: string;
  /** The signature counter last seen (WebAuthn L3 §6.1.1). */
  counter: number;
  transports: string[];
  /** The BE and BS flags (WebAuthn L3 §6.1): may be, and is, backed up (synced). */
  backupEligible: boolean;
  backupState: boolean;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

export interface WebauthnChallenge {
  /** SHA-256 of the challenge. */
  challengeHash: string;
  /** SHA-256 of the random value of the browser's sign-in cookie. */
  bindingHash: string;
  purpose: WebauthnPurpose;
  /** The account that registers or takes its second step; null for a sign-in, which names nobody until the assertion does. */
  userId: string | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
  /**
   * The client whose embed (a partner's frame) asked for this sign-in: the answer may then come from a
   * cross-origin frame whose top origin is one of that client's web origins (lib/webauthn.ts). Null: none.
   */
  clientId: string | null;
}

export interface PasskeyStorage {
  passkeys: {
    /** False when the credential id is registered already (to any account): nothing is written. */
    insert(passkey: Passkey): Promise<boolean>;
    find(id: string): Promise<Passkey | undefined>;
    /** The account's passkeys, the oldest first. */
    listForUser(userId: string): Promise<Passkey[]>;
    /** Records a sign-in with it: the counter the authenticator reported, its backup state, when. */
    recordUse(id: string, use: { counter: number; backupState: boolean; at: number }): Promise<void>;
    /** False when the account has no such passkey. */
    rename(userId: string, id: string, name: string): Promise<boolean>;
    /** False when the account has no such passkey. */
    remove(userId: string, id: string): Promise<boolean>;
    /** An erased account's passkeys (services/erase-job.ts). */
    removeAllForUser(userId: string): Promise<void>;
  };

  webauthnChallenges: {
    insert(challenge: WebauthnChallenge): Promise<void>;
    /**
     * Takes the challenge once, in one statement: unused, unexpired, of this purpose and bound to this
     * browser. Of any number of takers at once one gets it; another browser's take leaves it as it was.
     */
    take(
      challengeHash: string,
      bindingHash: string,
      purpose: WebauthnPurpose,
      at: number,
    ): Promise<WebauthnChallenge | undefined>;
    /** Drops challenges expired before `before` (the hourly sweep). */
    sweepExpired(before: number): Promise<number>;
  };
}
