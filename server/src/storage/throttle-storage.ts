/**
 * The throttle part of the storage interface: failed sign-in attempts per key and their locks
 * (kysely-throttle-storage.ts, services/login-throttle.ts).
 */
export interface ThrottleState {
  scope: string;
  key: string;
  failures: number;
  lastFailureAt: number;
  lockedUntil: number | null;
  /** Attempts reserved and not yet decided (services/login-throttle.ts). */
  pending: number;
  /** Pending attempts stop counting after this: their process died before it could settle them. */
  pendingUntil: number | null;
  /** Until when an attempt refused here for the attempts under way waits for their outcome. */
  waitedUntil: number | null;
}

/** One key of an attempt, with what its reservation needs to decide whether the attempt may go ahead there. */
export interface ThrottleKeyPolicy {
  scope: string;
  key: string;
  /** Failures in a row that need no lock: while failures and pending attempts together stay under it, attempts go ahead. */
  freeFailures: number;
  /** Failures of the key whose last failure is older than this are forgotten. */
  forgetBefore: number;
}

/** One attempt to reserve at every key it is counted at, each key of its own scope. */
export interface ThrottleReservation {
  at: number;
  /** Until when this reservation counts if it is never settled. */
  pendingUntil: number;
  /**
   * Until when the attempt, if refused for the attempts under way, waits for their outcome: the key
   * that refused it is marked as waited on until then (never shortened), so that whoever settles an
   * attempt there knows to tell the other instances.
   */
  waitUntil: number;
  /** In the order their rows are taken: every caller lists the scopes in the same order, so none waits on another in a circle. */
  keys: readonly ThrottleKeyPolicy[];
}

/** The key that refused a reservation, and its lock at that moment (null: none, it was refused for the attempts under way). */
export interface ThrottleRefusal {
  scope: string;
  key: string;
  lockedUntil: number | null;
  /**
   * The key would have let the attempt through by the time it was marked as waited on: an attempt
   * under way there was decided in between, and nobody was told (the mark was not there yet). Ask
   * again at once rather than wait for a signal that is not coming.
   */
  freed: boolean;
}

/** A settled failure: the key's failures now, and whether an attempt refused there may still be waiting. */
export interface ThrottleSettled {
  failures: number;
  waitedOn: boolean;
}

/** A key whose reserved attempt did not fail; `clear` also forgets its failures, its lock and its other attempts under way. */
export interface ThrottleGiveBack {
  scope: string;
  key: string;
  clear?: boolean;
}

export interface ThrottleStorage {
  throttle: {
    get(scope: string, key: string): Promise<ThrottleState | undefined>;
    /**
     * Reserves one attempt at every key of the reservation, or at none. One statement (an upsert of
     * every key's row that changes a row only when the attempt may go ahead there), so attempts
     * racing in one process or in many are counted one by one. When a key refuses, the keys that
     * reserved give their attempt back at once — until then they can only make another attempt
     * wait, never let one more through. Null when reserved; otherwise the first key that refused.
     */
    reserve(reservation: ThrottleReservation): Promise<ThrottleRefusal | null>;
    /** A reserved attempt failed: it becomes a failure at `at`. */
    settleFailure(scope: string, key: string, at: number): Promise<ThrottleSettled>;
    /** Locks the key until `until`, unless it is locked longer already. */
    lockUntil(scope: string, key: string, until: number): Promise<void>;
    /**
     * A reserved attempt did not fail: every key gets it back, in one statement taking the rows in
     * the order listed, one key per scope. True when an attempt refused at one of the keys may still
     * be waiting at `at`.
     */
    giveBack(keys: readonly ThrottleGiveBack[], at: number): Promise<boolean>;
    remove(scope: string, key: string): Promise<void>;
    /**
     * Drops the scope's rows that count nothing any more at `at`: no failure since `forgetBefore`
     * or none at all, no lock in force, no attempt under way. Returns how many.
     */
    sweep(scope: string, at: number, forgetBefore: number): Promise<number>;
  };
}
