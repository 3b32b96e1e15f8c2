/**
 * False while a prerendered page is on screen without its script (on the server, and in the render
 * that hydrates it); true in every render after, and at once in a page rendered in the browser.
 * React takes the server snapshot while it hydrates and renders again with the client's.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
