/** The Developers section's first screen (/developers): the person's apps and whether they may register another. */
import { signal } from '@preact/signals-react';
import type { DeveloperAppList } from '../../../../server/src/contract/developers.js';
import type { ShowError } from '../../../lib/form';
import type { Http } from '../../../lib/http';
import { listApps } from '../api/list-apps';

export function createAppsListModel(deps: { http: Http; ssoApi: string; showError: ShowError }) {
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const list = signal<DeveloperAppList | null>(null);
  return {
    state,
    list,
    async load(): Promise<void> {
      state.value = 'loading';
      try {
        list.value = await listApps(deps.http, deps.ssoApi);
        state.value = 'ready';
      } catch (error) {
        deps.showError(error);
        state.value = 'failed';
      }
    },
  };
}

export type AppsListModel = ReturnType<typeof createAppsListModel>;
