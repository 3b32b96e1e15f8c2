/** /validation: the account's identity-validation state, and asking for one (docs/api.md, Identity validation). */
import { signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import type { Http } from '../../../lib/http';
import { validationApi, type ValidationState } from '../api/validation-api';

/** The validation app's address with its app-name parameter naming this product (docs/product.md §1). */
export function validationAppUrl(link: string, param: string, product: string, origin: string): string {
  const url = new URL(link, origin);
  url.searchParams.set(param, product);
  return url.href;
}

export function createValidationModel(deps: { http: Http; ssoApi: string; showError: ShowError }) {
  const api = validationApi(deps.http, deps.ssoApi);
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const validation = signal<ValidationState | null>(null);
  const busy = signal(false);
  return {
    state,
    validation,
    busy,
    async load(): Promise<void> {
      state.value = 'loading';
      try {
        validation.value = await api.state();
        state.value = 'ready';
      } catch (error) {
        deps.showError(error);
        state.value = 'failed';
      }
    },
    /** Asks for a validation; a refusal (already in moderation or verified) shows its message and reloads. */
    async start(): Promise<void> {
      if (busy.value) return;
      busy.value = true;
      try {
        validation.value = await api.start();
      } catch (error) {
        deps.showError(error);
        try {
          validation.value = await api.state();
        } catch {
          // The state shown stays as it was; the toast said what went wrong.
        }
      } finally {
        busy.value = false;
      }
    },
  };
}

export type ValidationModel = ReturnType<typeof createValidationModel>;
