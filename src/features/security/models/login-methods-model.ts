/** The ways in and the apps with access: loaded together; revoking a grant loads them again. */
import { signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import type { Grant, LoginMethods, SecurityApi } from '../api/security-api';

export function createLoginMethodsModel(deps: { api: SecurityApi; showError: ShowError }) {
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const methods = signal<LoginMethods | null>(null);
  const grants = signal<Grant[]>([]);

  async function load(): Promise<void> {
    try {
      const [ways, apps] = await Promise.all([deps.api.loginMethods(), deps.api.grants()]);
      methods.value = ways;
      grants.value = apps;
      state.value = 'ready';
    } catch (error) {
      deps.showError(error);
      state.value = 'failed';
    }
  }

  return {
    state,
    methods,
    grants,
    load,
    /** True when the app's access is gone (and its sessions with it). */
    async revoke(clientId: string): Promise<boolean> {
      try {
        await deps.api.revokeGrant(clientId);
      } catch (error) {
        deps.showError(error);
        return false;
      }
      await load();
      return true;
    },
  };
}

export type LoginMethodsModel = ReturnType<typeof createLoginMethodsModel>;
