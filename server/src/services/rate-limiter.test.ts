/** The database-counted limiter: the same answers as the in-memory one, Retry-After included, shared by every instance. */
import { describe, expect, it } from 'vitest';
import { RATE_WINDOW_MAX_SECONDS } from '../config/policy.js';
import { useTestServer } from '../test-support/test-server.js';
import { createRateLimiter, sweepRateWindows } from './rate-limiter.js';

const server = useTestServer();

describe('createRateLimiter', () => {
  it('allows `limit` hits a window, then answers the seconds left; retryAfter counts nothing', async () => {
    const limiter = createRateLimiter(server.storage, server.clock, { scope: 'test', limit: 3, windowSeconds: 60 });
    expect(await limiter.retryAfter('ip')).toBe(0);
    expect([
      await limiter.hit('ip'),
      await limiter.hit('ip'),
      await limiter.retryAfter('ip'),
      await limiter.hit('ip'),
    ]).toEqual([0, 0, 0, 0]);
    expect(await limiter.retryAfter('ip')).toBe(60);
    server.clock.advanceSeconds(20.5);
    expect(await limiter.hit('ip')).toBe(40);
    expect(await limiter.retryAfter('ip')).toBe(40);
    expect(await limiter.hit('other')).toBe(0);
    server.clock.advanceSeconds(39.5);
    expect([await limiter.retryAfter('ip'), await limiter.hit('ip')]).toEqual([0, 0]);
  });

  it('refuses a window the hourly sweep would cut short', () => {
    expect(() =>
      createRateLimiter(server.storage, server.clock, {
        scope: 'test',
        limit: 1,
        windowSeconds: RATE_WINDOW_MAX_SECONDS + 1,
      }),
    ).toThrow('would be swept before it ends');
  });

  it('sweeps only windows that can no longer count', async () => {
    const limiter = createRateLimiter(server.storage, server.clock, { scope: 'test', limit: 1, windowSeconds: 60 });
    await limiter.hit('old');
    server.clock.advanceSeconds(RATE_WINDOW_MAX_SECONDS + 1);
    await limiter.hit('new');
    expect(await sweepRateWindows(server.storage, server.clock)).toBe(1);
    expect(await server.storage.rateWindows.get('test', 'new')).toEqual({ hits: 1, windowStart: server.clock.now() });
  });
});
