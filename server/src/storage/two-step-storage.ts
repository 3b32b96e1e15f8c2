/**
 * The two-step verification part of the storage interface (issue 41, kysely-two-step-storage.ts,
 * migration 0019): an account's authenticator-app secret (sealed by the caller, lib/key-encryption.ts),
 * its recovery codes (hashed), and the sign-ins waiting for their second step.
 */

/** An authenticator app's secret (RFC 6238); unconfirmed until a first code, confirmed it is the one in use. */
export interface TotpSecret {
  id: string;
  userId: string;
  /** The base32 secret, sealed under the key-encryption secret with the row's id as its label. */
  sealedSecret: string;
  createdAt: number;
  confirmedAt: number | null;
  /** The last time step (RFC 6238 §4 T) a code was accepted for: no code of it or before is taken again (§5.2). */
  lastStep: number | null;
}

/** A sign-in whose first step (password or code) passed, waiting for the second. */
export interface SecondStep {
  id: string;
  /** SHA-256 of the token the browser holds. */
  tokenHash: string;
  /** SHA-256 of the random value of the browser's sign-in cookie. */
  bindingHash: string;
  userId: string;
  firstMethod: 'password' | 'code' | 'passkey';
  /** The first step's RFC 8176 `amr` (services/amr.ts), which the second step adds to. */
  firstAmr: string[] | null;
  save: boolean;
  attempts: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface TwoStepStorage {
  totpSecrets: {
    insert(secret: TotpSecret): Promise<void>;
    /** The account's confirmed secret: the one two-step verification checks. */
    findConfirmed(userId: string): Promise<TotpSecret | undefined>;
    /** The account's newest unconfirmed secret made at or after `since`. */
    findPending(userId: string, since: number): Promise<TotpSecret | undefined>;
    /**
     * Confirms the unconfirmed secret `id` with the step of its first code, and drops the account's
     * other secrets (a change replaces the old one); false when it is not there or confirmed already.
     */
    confirm(userId: string, id: string, step: number, at: number): Promise<boolean>;
    /**
     * Takes the time step `step` for the confirmed secret `id`, in one statement: only while no code of
     * that step or a later one was taken, so of two uses of one code at once only one passes.
     */
    takeStep(id: string, step: number): Promise<boolean>;
    /**
     * A page of every account's secrets, by id after `afterId` ('' for the first): the start reads them
     * all to seal again those under KEY_ENCRYPTION_SECRET_PREVIOUS (services/key-sealing.ts).
     */
    listPage(afterId: string, limit: number): Promise<TotpSecret[]>;
    /** Puts `to` in place of the sealed secret `from`, only while it still is `from` (a compare-and-set). */
    replaceSealed(id: string, from: string, to: string): Promise<boolean>;
    /** Turns two-step off (or erases the account): every secret of the account. */
    removeAllForUser(userId: string): Promise<void>;
  };

  recoveryCodes: {
    /** A new set: the account's old codes, used or not, are dropped. */
    replace(userId: string, codes: { id: string; codeHash: string }[], at: number): Promise<void>;
    /** Uses the unused code of that hash once; false when there is none (wrong, used, another account's). */
    use(userId: string, codeHash: string, at: number): Promise<boolean>;
    countUnused(userId: string): Promise<number>;
    removeAllForUser(userId: string): Promise<void>;
  };

  secondSteps: {
    insert(step: SecondStep): Promise<void>;
    /** An unused, unexpired second step of this browser. */
    find(tokenHash: string, bindingHash: string, at: number): Promise<SecondStep | undefined>;
    /** Counts one attempt, only while fewer than `maxAttempts` were made; false once they are spent. */
    takeAttempt(id: string, maxAttempts: number): Promise<boolean>;
    /** Marks it used, once; false when another request used it first. */
    markUsed(id: string, at: number): Promise<boolean>;
    /** Drops those expired before `before` (the hourly sweep). */
    sweepExpired(before: number): Promise<number>;
  };
}
