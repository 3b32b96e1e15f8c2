/**
 * A screen's data load as its model holds it: `loading` until the fetch answers, then `ready`, or
 * `failed` with the error said (show-error.ts), where LoadState (components/load-state.tsx) offers
 * "Try again", which calls `load` once more.
 */
import { signal } from '@preact/signals-react';
import type { ShowError } from './form';

export type LoadPhase = 'loading' | 'ready' | 'failed';

export function createScreenLoad(showError: ShowError, fetch: () => Promise<void>) {
  const state = signal<LoadPhase>('loading');
  async function load(): Promise<void> {
    try {
      await fetch();
      state.value = 'ready';
    } catch (error) {
      showError(error);
      state.value = 'failed';
    }
  }
  return { state, load };
}
