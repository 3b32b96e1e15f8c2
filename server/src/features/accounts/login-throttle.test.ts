import { describe, it, expect } from 'vitest';
import { LOGIN_THROTTLE_ACCOUNT, LOGIN_THROTTLE_IP } from '../../config/policy.js';
import { accountThrottleKey, lockSeconds } from './login-throttle.js';

describe('lockSeconds', () => {
  it('does not lock an account during its first 3 failures', () => {
    for (const failures of [0, 1, 2, 3]) expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, failures)).toBe(0);
  });

  it('locks an account for 30 s after the 4th failure and doubles the lock with every further failure', () => {
    expect([4, 5, 6, 7, 8].map((failures) => lockSeconds(LOGIN_THROTTLE_ACCOUNT, failures))).toEqual([30, 60, 120, 240, 480]);
  });

  it('never locks an account for more than 15 minutes', () => {
    expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, 9)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, 10)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, 1000)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_ACCOUNT, 100_000)).toBe(900);
  });

  it('does not lock a client address during its first 20 failures', () => {
    for (let failures = 0; failures <= 20; failures += 1) expect(lockSeconds(LOGIN_THROTTLE_IP, failures)).toBe(0);
  });

  it('locks a client address for 60 s after the 21st failure and doubles the lock with every further failure', () => {
    expect([21, 22, 23, 24].map((failures) => lockSeconds(LOGIN_THROTTLE_IP, failures))).toEqual([60, 120, 240, 480]);
  });

  it('never locks a client address for more than 15 minutes', () => {
    expect(lockSeconds(LOGIN_THROTTLE_IP, 25)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_IP, 26)).toBe(900);
    expect(lockSeconds(LOGIN_THROTTLE_IP, 100_000)).toBe(900);
  });

  it('never returns a lock that is negative, fractional or not finite', () => {
    for (const policy of [LOGIN_THROTTLE_ACCOUNT, LOGIN_THROTTLE_IP]) {
      for (let failures = 0; failures <= 2000; failures += 1) {
        const lock = lockSeconds(policy, failures);
        expect(Number.isInteger(lock) && lock >= 0 && lock <= 900, `${failures} failures gave ${lock}`).toBe(true);
      }
    }
  });

  it('never shortens the lock as failures grow', () => {
    for (const policy of [LOGIN_THROTTLE_ACCOUNT, LOGIN_THROTTLE_IP]) {
      for (let failures = 1; failures <= 100; failures += 1) {
        expect(lockSeconds(policy, failures)).toBeGreaterThanOrEqual(lockSeconds(policy, failures - 1));
      }
    }
  });
});

describe('accountThrottleKey', () => {
  it('keys an account by contact type and value, so a phone and an e-mail never share a counter', () => {
    expect(accountThrottleKey({ type: 'phone', value: '+998901234567' })).toBe('phone:+998901234567');
    expect(accountThrottleKey({ type: 'email', value: 'aziza@gmail.com' })).toBe('email:aziza@gmail.com');
  });
});
