/**
 * Registering an app (/developers/new). A confidential app's first secret comes back once, with
 * the app, and is kept only here: the screen shows it until the person moves on.
 */
import { signal } from '@preact/signals-react';
import type { CreatedDeveloperApp } from '../../../../server/src/contract/developers.js';
import { createForm, type ShowError } from '../../../lib/form';
import type { Http } from '../../../lib/http';
import { createApp } from '../api/create-app';
import { createAppFields } from './app-fields';

export function createNewAppModel(deps: { http: Http; ssoApi: string; showError: ShowError }) {
  const form = createForm(deps.showError);
  const fields = createAppFields(form);
  const created = signal<CreatedDeveloperApp | null>(null);
  return {
    form,
    fields,
    created,
    /** The app when registered; undefined when something was wrong, said beside its field or in a toast. */
    async register(): Promise<CreatedDeveloperApp | undefined> {
      form.reset();
      const input = fields.check();
      if (!input) return undefined;
      const answer = await form.attempt(() => createApp(deps.http, deps.ssoApi, input));
      if (answer) created.value = answer;
      return answer;
    },
  };
}

export type NewAppModel = ReturnType<typeof createNewAppModel>;
