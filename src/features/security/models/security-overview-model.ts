/**
 * What /security loads beside the account: the counts its rows show (sign-in ways with the passkeys,
 * whether two-step verification is on, sessions, apps)
 * and the last few events of the log. Each comes on its own: one that fails leaves its row without
 * a value rather than the page without rows.
 */
import { signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import type { PasskeysApi } from '../api/passkeys-api';
import type { SecurityApi, SecurityEvent } from '../api/security-api';
import type { TwoStepApi } from '../api/two-step-api';
import type { SecurityCounts } from './security-overview';

export const RECENT_EVENTS = 5;
const WAYS = ['password', 'phone_code', 'email_code'] as const;

export function createSecurityOverviewModel(deps: {
  api: SecurityApi;
  passkeys: PasskeysApi;
  twoStep: TwoStepApi;
  showError: ShowError;
}) {
  const counts = signal<SecurityCounts>({ ways: null, passkeys: null, twoStep: null, sessions: null, apps: null });
  /** Null while loading; empty when there are none or they could not be loaded (the error is shown). */
  const events = signal<SecurityEvent[] | null>(null);
  const set = (change: Partial<SecurityCounts>) => {
    counts.value = { ...counts.peek(), ...change };
  };

  async function load(): Promise<void> {
    await Promise.all([
      deps.api.loginMethods().then(
        (methods) => set({ ways: { on: WAYS.filter((way) => methods[way]).length, total: WAYS.length } }),
        () => undefined,
      ),
      deps.passkeys.list().then(
        (passkeys) => set({ passkeys: passkeys.length }),
        () => undefined,
      ),
      deps.twoStep.status().then(
        (status) => set({ twoStep: status.enabled }),
        () => undefined,
      ),
      deps.api.sessions().then(
        (sessions) => set({ sessions: sessions.length }),
        () => undefined,
      ),
      deps.api.grants().then(
        (grants) => set({ apps: grants.length }),
        () => undefined,
      ),
      deps.api.events(RECENT_EVENTS).then(
        (page) => {
          events.value = page.results;
        },
        (error: unknown) => {
          deps.showError(error);
          events.value = [];
        },
      ),
    ]);
  }

  return { counts, events, load };
}

export type SecurityOverviewModel = ReturnType<typeof createSecurityOverviewModel>;
