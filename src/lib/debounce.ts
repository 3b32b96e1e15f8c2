/** docs/product.md §9's debounce: a call that waits until the caller has been quiet for a while (500 ms by default). */

export const DEBOUNCE_MS = 500;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  /** Drops the call that is waiting, if any: for a value that is gone, or an owner that is. */
  cancel(): void;
}

/** `fn` with the arguments of the last call, once `ms` have passed without another call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number = DEBOUNCE_MS): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  const debounced = (...args: A) => {
    cancel();
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, ms);
  };
  return Object.assign(debounced, { cancel });
}
