import { describe, it, expect, beforeEach } from 'vitest';
import { createManualClock, type ManualClock } from './clock.js';
import { createWindowLimiter } from './window-limiter.js';

describe('createWindowLimiter', () => {
  let clock: ManualClock;

  beforeEach(() => {
    clock = createManualClock();
  });

  it('allows `limit` hits in a window and answers the next with the seconds until the window resets', () => {
    const limiter = createWindowLimiter({ limit: 3, windowSeconds: 60, clock });
    expect(limiter.hit('203.0.113.7')).toBe(0);
    expect(limiter.hit('203.0.113.7')).toBe(0);
    expect(limiter.hit('203.0.113.7')).toBe(0);
    expect(limiter.hit('203.0.113.7')).toBe(60);
  });

  it('counts the seconds until reset down from the start of the window, rounding up', () => {
    const limiter = createWindowLimiter({ limit: 1, windowSeconds: 60, clock });
    expect(limiter.hit('k')).toBe(0);
    clock.advanceSeconds(15);
    expect(limiter.hit('k')).toBe(45);
    clock.advanceSeconds(44.5);
    expect(limiter.hit('k')).toBe(1);
  });

  it('keeps refusing every further hit until the window ends', () => {
    const limiter = createWindowLimiter({ limit: 2, windowSeconds: 10, clock });
    limiter.hit('k');
    limiter.hit('k');
    for (let second = 0; second < 10; second += 1) {
      expect(limiter.hit('k')).toBe(10 - second);
      clock.advanceSeconds(1);
    }
  });

  it('starts a fresh window once windowSeconds have passed since the window began', () => {
    const limiter = createWindowLimiter({ limit: 2, windowSeconds: 60, clock });
    limiter.hit('k');
    limiter.hit('k');
    expect(limiter.hit('k')).toBe(60);
    clock.advanceSeconds(59);
    expect(limiter.hit('k')).toBe(1);
    clock.advanceSeconds(1);
    expect(limiter.hit('k')).toBe(0);
    expect(limiter.hit('k')).toBe(0);
    expect(limiter.hit('k')).toBe(60);
  });

  it('does not extend the window for hits that were refused', () => {
    const limiter = createWindowLimiter({ limit: 1, windowSeconds: 60, clock });
    limiter.hit('k');
    clock.advanceSeconds(30);
    expect(limiter.hit('k')).toBe(30);
    clock.advanceSeconds(30);
    expect(limiter.hit('k')).toBe(0);
  });

  it('counts each key on its own: one key at its limit does not hold back another', () => {
    const limiter = createWindowLimiter({ limit: 2, windowSeconds: 60, clock });
    limiter.hit('a');
    limiter.hit('a');
    expect(limiter.hit('a')).toBe(60);
    expect(limiter.hit('b')).toBe(0);
    expect(limiter.hit('b')).toBe(0);
    expect(limiter.hit('b')).toBe(60);
    expect(limiter.hit('a')).toBe(60);
  });

  it('gives each key a window that starts at its own first hit', () => {
    const limiter = createWindowLimiter({ limit: 1, windowSeconds: 60, clock });
    limiter.hit('a');
    clock.advanceSeconds(20);
    limiter.hit('b');
    expect(limiter.hit('a')).toBe(40);
    expect(limiter.hit('b')).toBe(60);
    clock.advanceSeconds(40);
    expect(limiter.hit('a')).toBe(0);
    expect(limiter.hit('b')).toBe(20);
  });

  it('when full, sweeps expired windows first and keeps the count of a key whose window is still running', () => {
    const limiter = createWindowLimiter({ limit: 1, windowSeconds: 60, clock, maxKeys: 2 });
    limiter.hit('old');
    clock.advanceSeconds(30);
    limiter.hit('busy');
    expect(limiter.hit('busy')).toBe(60);
    clock.advanceSeconds(35); // 'old' has expired, 'busy' has 25 seconds left
    expect(limiter.hit('new')).toBe(0);
    expect(limiter.hit('busy')).toBe(25);
  });

  it('tells without counting whether the next hit would be refused, and for how long', () => {
    const limiter = createWindowLimiter({ limit: 2, windowSeconds: 60, clock });
    expect(limiter.retryAfter('k')).toBe(0);
    limiter.hit('k');
    expect(limiter.retryAfter('k')).toBe(0);
    expect(limiter.retryAfter('k')).toBe(0);
    limiter.hit('k');
    clock.advanceSeconds(15);
    expect(limiter.retryAfter('k')).toBe(45);
    expect(limiter.retryAfter('other')).toBe(0);
    clock.advanceSeconds(45);
    expect(limiter.retryAfter('k')).toBe(0);
    expect(limiter.hit('k')).toBe(0);
  });
});
