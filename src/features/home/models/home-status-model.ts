/**
 * Home's status: the last sign-in (device, browser, when), how many sign-ins are active and how many apps have
 * access. Read from the lists the security pages use (GET /user/sessions/, GET /user/grants/), so the numbers are
 * the ones those pages show.
 */
import { computed, signal } from '@preact/signals-react';
import type { ActiveSession, Grant, HomeApi } from '../api/home-api';

export function createHomeStatusModel(deps: { api: HomeApi }) {
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const sessions = signal<ActiveSession[]>([]);
  const grants = signal<Grant[]>([]);
  /** Whether two-step verification is on: null until read (or when it could not be), so the checkup asks nothing then. */
  const twoStepEnabled = signal<boolean | null>(null);

  async function load(): Promise<void> {
    state.value = 'loading';
    try {
      const [liveSessions, apps, twoStep] = await Promise.all([
        deps.api.sessions(),
        deps.api.grants(),
        deps.api.twoStep().catch(() => null),
      ]);
      sessions.value = liveSessions;
      grants.value = apps;
      twoStepEnabled.value = twoStep ? twoStep.enabled : null;
      state.value = 'ready';
    } catch {
      // Home stays usable without its status: the panel offers a retry instead of a toast over the page.
      state.value = 'failed';
    }
  }

  return {
    state,
    load,
    twoStepEnabled,
    /** The newest of the live sign-ins (this one, unless the account signed in elsewhere since). */
    lastSignIn: computed<ActiveSession | null>(() =>
      sessions.value.reduce<ActiveSession | null>(
        (newest, session) =>
          newest === null || Date.parse(session.created_at) > Date.parse(newest.created_at) ? session : newest,
        null,
      ),
    ),
    sessionCount: computed(() => sessions.value.length),
    appCount: computed(() => grants.value.length),
  };
}

export type HomeStatusModel = ReturnType<typeof createHomeStatusModel>;
