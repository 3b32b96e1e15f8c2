import { describe, expect, it, vi } from 'vitest';
import { createToasts, TOAST_TIMEOUT_MS } from './toasts';

describe('toasts (docs/product.md §8)', () => {
  it('keeps at most 3, newest first', () => {
    const toasts = createToasts();
    toasts.show('info', 'a');
    toasts.show('success', 'b');
    toasts.show('warning', 'c');
    toasts.show('error', 'd');
    expect(toasts.list.value.map((t) => t.text)).toEqual(['d', 'c', 'b']);
  });

  it('does not show a type that is already showing', () => {
    const toasts = createToasts();
    toasts.show('error', 'first');
    toasts.show('error', 'second');
    expect(toasts.list.value.map((t) => t.text)).toEqual(['first']);
  });

  it('lets a toast that replaces give way the one of its type showing', () => {
    const toasts = createToasts();
    toasts.show('success', 'code sent');
    toasts.show('error', 'oops');
    toasts.show('success', 'password changed', { replace: true });
    expect(toasts.list.value.map((t) => t.text)).toEqual(['password changed', 'oops']);
  });

  it('takes each away after 5 seconds, or when closed', () => {
    vi.useFakeTimers();
    try {
      const toasts = createToasts();
      toasts.show('info', 'a');
      toasts.show('error', 'b');
      toasts.dismiss(toasts.list.value[0]?.id ?? -1);
      expect(toasts.list.value.map((t) => t.text)).toEqual(['a']);
      vi.advanceTimersByTime(TOAST_TIMEOUT_MS - 1);
      expect(toasts.list.value).toHaveLength(1);
      vi.advanceTimersByTime(1);
      expect(toasts.list.value).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });
});
