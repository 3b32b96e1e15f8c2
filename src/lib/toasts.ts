/**
 * Toasts, docs/product.md §8: at most 3, newest first, each gone after 5 s, and a type already showing is not
 * shown a second time.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';

export const TOAST_TYPES = ['success', 'error', 'warning', 'info'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];

export interface Toast {
  id: number;
  type: ToastType;
  text: string;
}

export const TOAST_TIMEOUT_MS = 5000;
export const TOAST_MAX = 3;

export interface Toasts {
  list: ReadonlySignal<Toast[]>;
  /**
   * Shows a toast unless one of its type is showing (docs/product.md §8). With `replace`, the one showing gives
   * way instead: for the outcome of a flow, which must not be hidden by a stale "code sent".
   */
  show(type: ToastType, text: string, options?: { replace?: boolean }): void;
  dismiss(id: number): void;
}

export interface Timers {
  set(callback: () => void, ms: number): ReturnType<typeof setTimeout>;
  clear(id: ReturnType<typeof setTimeout>): void;
}

// Wrapped, not passed as they are: a browser's setTimeout called as `timers.set(...)` gets the wrong
// `this` and throws "Illegal invocation".
const realTimers: Timers = { set: (callback, ms) => setTimeout(callback, ms), clear: (id) => clearTimeout(id) };

export function createToasts(timers: Timers = realTimers): Toasts {
  const list = signal<Toast[]>([]);
  const timeouts = new Map<number, ReturnType<typeof setTimeout>>();
  let nextId = 1;

  function dismiss(id: number): void {
    const timeout = timeouts.get(id);
    if (timeout !== undefined) timers.clear(timeout);
    timeouts.delete(id);
    list.value = list.value.filter((toast) => toast.id !== id);
  }

  return {
    list,
    dismiss,
    show(type, text, options = {}) {
      if (!text) return;
      const showing = list.value.find((toast) => toast.type === type);
      if (showing && !options.replace) return;
      if (showing) dismiss(showing.id);
      const toast = { id: nextId++, type, text };
      const kept = [toast, ...list.value];
      for (const dropped of kept.slice(TOAST_MAX)) dismiss(dropped.id);
      list.value = kept.slice(0, TOAST_MAX);
      timeouts.set(
        toast.id,
        timers.set(() => dismiss(toast.id), TOAST_TIMEOUT_MS),
      );
    },
  };
}
