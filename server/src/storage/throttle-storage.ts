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
}

/** What one reservation of a sign-in attempt needs to decide, in its single statement, whether it may go ahead. */
export interface ThrottleReservation {
  at: number;
  /** Failures in a row that need no lock: while failures and pending attempts together stay under it, attempts go ahead. */
  freeFailures: number;
  /** Failures of a key whose last failure is older than this are forgotten. */
  forgetBefore: number;
  /** Until when this reservation counts if it is never settled. */
  pendingUntil: number;
}

export interface ThrottleStorage {
  throttle: {
    get(scope: string, key: string): Promise<ThrottleState | undefined>;
    /**
     * Reserves one attempt at the key in a single statement (an upsert that changes the row only when
     * the attempt may go ahead), so concurrent attempts, in one process or many, are counted one by
     * one. False when the key is locked, or when the attempts still being checked would lock it if
     * they failed.
     */
    reserve(scope: string, key: string, reservation: ThrottleReservation): Promise<boolean>;
    /** A reserved attempt failed: it becomes a failure at `at`. Returns the failures now counted. */
    settleFailure(scope: string, key: string, at: number): Promise<number>;
    /** Locks the key until `until`, unless it is locked longer already. */
    lockUntil(scope: string, key: string, until: number): Promise<void>;
    /** A reserved attempt did not fail: it no longer counts. A key left with nothing to count is dropped. */
    release(scope: string, key: string): Promise<void>;
    remove(scope: string, key: string): Promise<void>;
  };
}
