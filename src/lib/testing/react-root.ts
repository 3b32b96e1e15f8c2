/**
 * A React root in the test document for a file of component tests: a fresh host element before each
 * test, unmounted and removed after it.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

// React's act() warns through console.error unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface TestRoot {
  /** The element the tree renders into (a fresh one for each test). */
  readonly host: HTMLElement;
  readonly root: Root;
}

export function useReactRoot(): TestRoot {
  let current: TestRoot | undefined;
  beforeEach(() => {
    const host = document.body.appendChild(document.createElement('div'));
    current = { host, root: createRoot(host) };
  });
  afterEach(() => {
    const { host, root } = current ?? {};
    act(() => root?.unmount());
    host?.remove();
    current = undefined;
  });
  const now = (): TestRoot => {
    if (!current) throw new Error('useReactRoot(): the root exists only inside a test');
    return current;
  };
  return {
    get host() {
      return now().host;
    },
    get root() {
      return now().root;
    },
  };
}
