/** The active sessions screen: every live sign-in of the account; end one, or all but this one. */
import { signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import type { SecurityApi, SessionInfo } from '../api/security-api';

export function createSessionsModel(deps: { api: SecurityApi; showError: ShowError }) {
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const sessions = signal<SessionInfo[]>([]);
  const busy = signal<string | null>(null);

  async function load(): Promise<void> {
    try {
      sessions.value = await deps.api.sessions();
      state.value = 'ready';
    } catch (error) {
      deps.showError(error);
      state.value = 'failed';
    }
  }

  async function act<T>(key: string, work: () => Promise<T>): Promise<T | undefined> {
    busy.value = key;
    try {
      const result = await work();
      await load();
      return result;
    } catch (error) {
      deps.showError(error);
      return undefined;
    } finally {
      busy.value = null;
    }
  }

  return {
    state,
    sessions,
    busy,
    load,
    /** True when it ended. */
    end: async (id: string) => (await act(id, () => deps.api.endSession(id))) !== undefined,
    /** How many ended with a fresh step-up proof, or undefined when the call failed. */
    endOthers: async (proof: string) => (await act('others', () => deps.api.endOtherSessions(proof)))?.ended,
  };
}

export type SessionsModel = ReturnType<typeof createSessionsModel>;
