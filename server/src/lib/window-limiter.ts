import type { Clock } from './clock.js';

export interface WindowLimiter {
  /** Counts one hit for `key`; returns 0 when allowed, else the seconds until the window resets. */
  hit(key: string): number;
  /** Counts nothing; returns 0 when a hit for `key` would now be allowed, else the seconds until the window resets. */
  retryAfter(key: string): number;
}

/**
 * A fixed-window counter in one process's memory, for limits on which no security outcome depends
 * (the CSP report intake): N instances each count their own, and a restart forgets. Limits that
 * decide an outcome count in the database (services/rate-limiter.ts, issue 13). Bounded: when it
 * holds too many keys, expired windows are swept first and, failing that, it starts afresh.
 */
export function createWindowLimiter(options: { limit: number; windowSeconds: number; clock: Clock; maxKeys?: number }): WindowLimiter {
  const windowMs = options.windowSeconds * 1000;
  const maxKeys = options.maxKeys ?? 100_000;
  const windows = new Map<string, { startedAt: number; count: number }>();

  return {
    hit(key) {
      const now = options.clock.now();
      let window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs) {
        if (windows.size >= maxKeys) {
          for (const [k, w] of windows) if (now - w.startedAt >= windowMs) windows.delete(k);
          if (windows.size >= maxKeys) windows.clear();
        }
        window = { startedAt: now, count: 0 };
        windows.set(key, window);
      }
      window.count += 1;
      return window.count > options.limit ? Math.ceil((window.startedAt + windowMs - now) / 1000) : 0;
    },

    retryAfter(key) {
      const now = options.clock.now();
      const window = windows.get(key);
      if (!window || now - window.startedAt >= windowMs || window.count < options.limit) return 0;
      return Math.ceil((window.startedAt + windowMs - now) / 1000);
    },
  };
}
