/**
 * One app's page (/developers/:clientId): the app, editing it, its logo, its secret and deleting
 * it. The edit form and the actions have a form each, so saving and rotating are busy apart. A new
 * secret is kept only here and shown once.
 */
import { signal } from '@preact/signals-react';
import type { DeveloperApp } from '../../../../server/src/contract/developers.js';
import { createForm, type ShowError } from '../../../lib/form';
import { IMAGE_MAX_BYTES, imageFileProblem } from '../../../lib/image-file';
import type { Http } from '../../../lib/http';
import { deleteApp } from '../api/delete-app';
import { getApp } from '../api/get-app';
import { removeLogo } from '../api/remove-logo';
import { rotateSecret } from '../api/rotate-secret';
import { updateApp } from '../api/update-app';
import { uploadLogo } from '../api/upload-logo';
import { createAppFields } from './app-fields';

/** The server's limits for a logo: those of the profile photo (docs/api.md, Personal data). */
export const LOGO_MAX_BYTES = IMAGE_MAX_BYTES;

export function createAppModel(deps: { http: Http; ssoApi: string; clientId: string; showError: ShowError }) {
  const form = createForm(deps.showError);
  const actions = createForm(deps.showError);
  const fields = createAppFields(form);
  /** 'missing': no such app among the person's (the server never says whether it exists). */
  const state = signal<'loading' | 'ready' | 'failed' | 'missing'>('loading');
  const app = signal<DeveloperApp | null>(null);
  const secret = signal<string | null>(null);
  const { http, ssoApi, clientId } = deps;

  function took(next: DeveloperApp): void {
    app.value = next;
  }

  return {
    form,
    actions,
    fields,
    state,
    app,
    secret,

    async load(): Promise<void> {
      state.value = 'loading';
      try {
        const loaded = await getApp(http, ssoApi, clientId);
        took(loaded);
        fields.takeApp(loaded);
        state.value = 'ready';
      } catch (error) {
        if ((error as { status?: number } | null)?.status === 404) {
          state.value = 'missing';
          return;
        }
        deps.showError(error);
        state.value = 'failed';
      }
    },

    /** True when saved; the kind is not sent, it never changes. */
    async save(): Promise<boolean> {
      form.reset();
      const input = fields.check();
      if (!input) return false;
      const { kind: _fixed, ...changes } = input;
      const saved = await form.attempt(() => updateApp(http, ssoApi, clientId, changes));
      if (!saved) return false;
      took(saved);
      fields.takeApp(saved);
      return true;
    },

    /** Checks the file as the server will (type and size), then uploads it; true when it is the logo now. */
    async uploadLogo(file: File): Promise<boolean> {
      actions.clearError('logo');
      const problem = imageFileProblem(file);
      if (problem) {
        actions.setError('logo', problem);
        return false;
      }
      const next = await actions.attempt(() => uploadLogo(http, ssoApi, clientId, file), { fieldOf: () => 'logo' });
      if (next) took(next);
      return next !== undefined;
    },

    async removeLogo(): Promise<boolean> {
      const next = await actions.attempt(() => removeLogo(http, ssoApi, clientId));
      if (next) took(next);
      return next !== undefined;
    },

    /** A new secret replaces the old one at once; it is shown until the person hides it. */
    async rotateSecret(): Promise<boolean> {
      const next = await actions.attempt(() => rotateSecret(http, ssoApi, clientId));
      if (next === undefined) return false;
      secret.value = next;
      const current = app.peek();
      if (current) took({ ...current, has_secret: true, secret_created_at: new Date().toISOString() });
      return true;
    },

    hideSecret(): void {
      secret.value = null;
    },

    /** True when deleted. */
    async remove(): Promise<boolean> {
      return (await actions.attempt(() => deleteApp(http, ssoApi, clientId))) !== undefined;
    },
  };
}

export type AppModel = ReturnType<typeof createAppModel>;
