/**
 * The `integration` login step (docs/product.md §3): a provider's identity whose e-mail or phone belongs
 * to an existing account is linked only once the person proves that account is theirs — its password,
 * or a `social_login` code to the matched contact. Linking on the provider's word alone would hand the
 * account to whoever controls that provider account (an account takeover; RFC 6819 §4.5, docs/decisions.md).
 */
import { signal } from '@preact/signals-react';
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import { createCodeSender, type Channel } from '../../../components/verification/code-sender';
import { createForm, type ShowError } from '../../../lib/form';
import type { TokenResponse } from '../../../lib/session';
import { integrate, integrationCode } from '../api/social';
import type { AuthApi, Contact } from '../api/types';
import type { Integration } from './social-callback-model';

export interface IntegrationDeps {
  api: AuthApi;
  showError: ShowError;
  now: () => number;
  announce: (key: CatalogueKey, to: string) => void;
  integration: Integration;
  onSignedIn: (response: TokenResponse) => Promise<void>;
}

export function createIntegrationModel(deps: IntegrationDeps) {
  const { integration } = deps;
  const form = createForm(deps.showError);
  const password = form.field('password', '');
  /** The matched contact, as the server masked it: where the code goes. */
  const contact: Contact = { type: integration.contact_type, value: integration.contact };
  const codes = createCodeSender({
    ...deps,
    form,
    purposeOf: () => 'social_login',
    contactField: 'code',
    sendWith: (_contact, how) =>
      integrationCode(deps.api, { token: integration.token, ...(how === 'email' ? {} : { method: how }) }),
  });
  /** A password first when the account has one; else the code is the one way. */
  const step = signal<'password' | 'choose' | 'code'>(integration.has_password ? 'password' : 'choose');

  async function proven(proof: { password: string } | { code: string }): Promise<void> {
    const response = await form.attempt(() => integrate(deps.api, { token: integration.token, save: true, ...proof }));
    if (response) await deps.onSignedIn(response);
  }

  return {
    form,
    password,
    codes,
    step,
    contact,

    async submitPassword(): Promise<void> {
      form.reset();
      if (!password.value) return form.setError('password', 'field_required');
      await proven({ password: password.value });
    },

    /** "Send a code instead": the password step gives way to the ways of sending one. */
    codeInstead(): void {
      form.reset();
      step.value = 'choose';
    },

    async sendCode(how: Channel): Promise<void> {
      form.reset();
      if (await codes.send(contact, how)) step.value = 'code';
    },

    async submitCode(): Promise<void> {
      const typed = codes.typed();
      if (typed) await proven({ code: typed.code });
    },

    /** One step back; false when there is none (the step is left: cancel). */
    back(): boolean {
      form.reset();
      if (step.peek() === 'code') {
        step.value = 'choose';
        return true;
      }
      if (step.peek() === 'choose' && integration.has_password) {
        step.value = 'password';
        return true;
      }
      return false;
    },
  };
}

export type IntegrationModel = ReturnType<typeof createIntegrationModel>;
