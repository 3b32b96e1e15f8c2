import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, DEBOUNCE_MS } from './debounce';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('debounce (docs/product.md §9)', () => {
  it('waits 500 ms by default', () => {
    expect(DEBOUNCE_MS).toBe(500);
    const calls: string[] = [];
    const debounced = debounce((value: string) => void calls.push(value));

    debounced('a');
    vi.advanceTimersByTime(499);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['a']);
  });

  it('calls once, with the last arguments, after a burst of calls', () => {
    const calls: string[] = [];
    const debounced = debounce((value: string) => void calls.push(value));

    debounced('d');
    vi.advanceTimersByTime(300);
    debounced('di');
    vi.advanceTimersByTime(300);
    debounced('dil');
    vi.advanceTimersByTime(499);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['dil']);
    vi.advanceTimersByTime(5_000);
    expect(calls).toEqual(['dil']);
  });

  it('takes another wait', () => {
    const calls: number[] = [];
    const debounced = debounce((value: number) => void calls.push(value), 200);

    debounced(1);
    vi.advanceTimersByTime(200);
    debounced(2);
    vi.advanceTimersByTime(199);
    expect(calls).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual([1, 2]);
  });

  it('drops a waiting call when cancelled, and works again afterwards', () => {
    const calls: string[] = [];
    const debounced = debounce((value: string) => void calls.push(value));

    debounced('gone');
    debounced.cancel();
    vi.advanceTimersByTime(1_000);
    expect(calls).toEqual([]);

    debounced('kept');
    vi.advanceTimersByTime(500);
    expect(calls).toEqual(['kept']);
  });
});
