/**
 * Per-key limits in fixed windows, counted in the database (storage.rateWindows) so that N
 * instances count as one (issue 13): a limit split across instances trips at the same count as on
 * one. Every per-address limit of the server counts here, the CSP report intake's included (issue 33).
 */
import { RATE_WINDOW_MAX_SECONDS } from '../config/policy.js';
import type { Clock } from '../lib/clock.js';
import type { Storage } from '../storage/storage.js';

export interface RateLimiter {
  /** Counts one hit for `key`; 0 when it is allowed, else the seconds until the window ends (Retry-After). */
  hit(key: string): Promise<number>;
  /** Counts nothing; 0 when a hit for `key` would now be allowed, else the seconds until the window ends. */
  retryAfter(key: string): Promise<number>;
}

export interface RateLimit {
  /** Names the limit's keys in the table: one scope per limit. */
  scope: string;
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export function createRateLimiter(
  storage: Storage,
  clock: Clock,
  { scope, limit, windowSeconds }: RateLimit,
): RateLimiter {
  if (windowSeconds > RATE_WINDOW_MAX_SECONDS)
    throw new Error(`A rate window of ${windowSeconds} s would be swept before it ends`);
  const windowMs = windowSeconds * 1000;
  const secondsLeft = (windowStart: number, now: number) => Math.ceil((windowStart + windowMs - now) / 1000);

  return {
    async hit(key) {
      const now = clock.now();
      const window = await storage.rateWindows.hit(scope, key, now, windowMs);
      return window.hits > limit ? secondsLeft(window.windowStart, now) : 0;
    },

    async retryAfter(key) {
      const now = clock.now();
      const window = await storage.rateWindows.get(scope, key);
      if (!window || now - window.windowStart >= windowMs || window.hits < limit) return 0;
      return secondsLeft(window.windowStart, now);
    },
  };
}

/** Drops the windows that have ended for every limit (the hourly job); returns how many. */
export function sweepRateWindows(storage: Storage, clock: Clock): Promise<number> {
  return storage.rateWindows.sweep(clock.now() - RATE_WINDOW_MAX_SECONDS * 1000);
}
