import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.js';
import {
  defaultHashConcurrency,
  DUMMY_HASH,
  hashPassword,
  hashStats,
  hashWaitsTimedOut,
  maxHashConcurrency,
  setHashConcurrency,
  setHashWaitLimit,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.js';

afterEach(() => {
  setHashConcurrency(defaultHashConcurrency());
  setHashWaitLimit(undefined, 1);
  vi.useRealTimers();
});

describe('password hashes', () => {
  it('wait for a turn at most the limit the entry file sets: past it, 503 server_busy with Retry-After, counted', async () => {
    const stored = await hashPassword('Toshkent-bahori-2026');
    setHashConcurrency(1);
    setHashWaitLimit(2000, 3);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const timedOutBefore = hashWaitsTimedOut();
    const running = verifyPassword(stored, 'Toshkent-bahori-2026');
    const waiting = verifyPassword(stored, 'Toshkent-bahori-2026').catch((error: unknown) => error);
    vi.advanceTimersByTime(1999);
    expect(hashStats()).toEqual({ running: 1, waiting: 1 });
    vi.advanceTimersByTime(1);
    const refused = await waiting;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, items: [{ error: 'server_busy' }], retryAfterSeconds: 3 });
    expect(hashWaitsTimedOut()).toBe(timedOutBefore + 1);
    // The one whose turn it was is not hurried.
    expect(await running).toBe(true);
  });

  it('check an unknown account against a written-down hash of the agreed cost', async () => {
    expect(DUMMY_HASH.split('$').slice(0, 4)).toEqual((await hashPassword('any')).split('$').slice(0, 4));
    expect(await verifyPassword(DUMMY_HASH, 'kirish-dummy-password-for-timing')).toBe(true);
  });

  it('take turns: no more run at once than the limit, and each answers for itself', async () => {
    const stored = await hashPassword('Toshkent-bahori-2026');
    setHashConcurrency(1);
    const answers = Promise.all([
      verifyPassword(stored, 'Toshkent-bahori-2026'),
      verifyPassword(stored, 'Samarqand-kuzi-2026'),
      verifyAgainstDummy('Toshkent-bahori-2026'),
      verifyPassword(stored, 'Toshkent-bahori-2026'),
    ]);
    expect(hashStats()).toMatchObject({ running: 1 });
    expect(hashStats().waiting).toBeGreaterThanOrEqual(2);
    expect(await answers).toEqual([true, false, false, true]);
    expect(hashStats()).toEqual({ running: 0, waiting: 0 });
  });

  it("leave a thread of libuv's pool to file reads while a wave of them waits", async () => {
    // Ten times the agreed time cost (t=20, about 0.3 s a hash alone): a read that is not queued behind
    // the wave comes back a hundred times sooner than the first hash, however loaded the machine is, and
    // one that is queued comes back only after a hash.
    const stored = '$argon2id$v=19$m=19456,t=20,p=1$mfRJ1lHCkNdaofG/wx/EjA$kFsx6zERI4hUjzyBf7iNPO8ee13YVBw9EMyTNZYiuDo';
    setHashConcurrency(maxHashConcurrency());
    let verified = 0;
    const wave = Array.from({ length: 10 }, () =>
      verifyPassword(stored, 'Toshkent-bahori-2026').then(() => verified++),
    );
    // A file read runs on the same pool: with every thread taken by hashes it would queue behind
    // the wave and come back only after several hashes had finished.
    await readFile(fileURLToPath(import.meta.url));
    expect(verified).toBe(0);
    expect(hashStats().waiting).toBeGreaterThan(0);
    await Promise.all(wave);
    expect(verified).toBe(10);
  });

  it('verify a stored hash of the agreed cost, the NFKC form of the password matching', async () => {
    const stored = await hashPassword('ﬁlm-Ｋirish-7');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'film-Kirish-7')).toBe(true);
    expect(await verifyPassword('not a hash', 'film-Kirish-7')).toBe(false);
  });

  it('default to one per core, leaving libuv a thread of its pool', () => {
    expect(defaultHashConcurrency(4, 2)).toBe(2);
    expect(defaultHashConcurrency(4, 16)).toBe(3);
    expect(defaultHashConcurrency(1, 16)).toBe(1);
    expect(defaultHashConcurrency(32, 8)).toBe(8);
    expect(maxHashConcurrency(4)).toBe(3);
    expect(maxHashConcurrency(1)).toBe(1);
  });
});
