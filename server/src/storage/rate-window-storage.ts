/**
 * Fixed-window counters in the storage interface (kysely-rate-window-storage.ts): how many hits a
 * key had in its current window, counted in the database so that every instance counts in the same
 * window (issue 13, services/rate-limiter.ts).
 */
export interface RateWindow {
  /** Hits in the window, this one included when it was a hit. */
  hits: number;
  /** When the window began, in milliseconds. */
  windowStart: number;
}

export interface RateWindowStorage {
  rateWindows: {
    /**
     * Counts one hit of the key at `at` in a single statement and returns the window it landed in: a
     * new window (hits 1, starting at `at`) when the key had none or its window began `windowMs` or
     * longer ago. Concurrent hits, in one process or many, are each counted once.
     */
    hit(scope: string, key: string, at: number, windowMs: number): Promise<RateWindow>;
    /** The key's window, counting nothing; undefined when it has none. */
    get(scope: string, key: string): Promise<RateWindow | undefined>;
    /** Drops every window that began before `before`; returns how many. */
    sweep(before: number): Promise<number>;
  };
}
