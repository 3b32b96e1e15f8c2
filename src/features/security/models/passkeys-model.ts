/**
 * The account's passkeys on Security › Sign-in methods (issue 41): listed oldest first, renamed in
 * place, added after a fresh proof (the server's creation options → the browser's prompt → the
 * credential back), removed after a question and a fresh proof; the server refuses the last way in.
 */
import { signal } from '@preact/signals-react';
import {
  PASSKEY_NAME_MAX_LENGTH,
  type PublicKeyCredentialJSON,
  type WebauthnOptionsJSON,
} from '../../../../server/src/contract/passkeys.js';
import { createForm, type ShowError } from '../../../lib/form';
import { PasskeyError, type PasskeyFailure } from '../../../lib/webauthn';
import type { PasskeysApi, PasskeyView } from '../api/passkeys-api';
import { createScreenLoad } from '../../../lib/screen-load';

/** How adding went: a new passkey, or why the browser gave none (a server refusal is shown as a toast: null). */
export type AddOutcome = { added: PasskeyView } | { failure: PasskeyFailure } | null;

export function createPasskeysModel(deps: {
  api: PasskeysApi;
  showError: ShowError;
  /** lib/webauthn.ts's createPasskey: the browser's prompt. */
  create: (options: WebauthnOptionsJSON) => Promise<PublicKeyCredentialJSON>;
}) {
  const passkeys = signal<PasskeyView[]>([]);
  /** The rename form: one passkey renamed at a time. */
  const renameForm = createForm(deps.showError);
  const name = renameForm.field('name', '');
  const adding = signal(false);

  const { state, load } = createScreenLoad(deps.showError, async () => {
    passkeys.value = await deps.api.list();
  });

  return {
    state,
    passkeys,
    renameForm,
    name,
    adding,
    load,

    /** True when the passkey has the typed name (1–64 characters); else the error is beside the field. */
    async rename(id: string): Promise<boolean> {
      renameForm.reset();
      const typed = name.value.trim();
      if (!typed) renameForm.setError('name', 'field_required');
      else if ([...typed].length > PASSKEY_NAME_MAX_LENGTH) renameForm.setError('name', 'field_too_long');
      if (renameForm.errors.value.name) return false;
      const renamed = await renameForm.attempt(() => deps.api.rename(id, typed), { fieldOf: () => 'name' });
      if (!renamed) return false;
      passkeys.value = passkeys.peek().map((passkey) => (passkey.id === id ? renamed : passkey));
      return true;
    },

    /** After a fresh proof: the options, the browser's prompt, the credential to the server. */
    async add(proof: string): Promise<AddOutcome> {
      if (adding.peek()) return null;
      adding.value = true;
      try {
        const options = await deps.api.registrationOptions(proof);
        const credential = await deps.create(options);
        const added = await deps.api.register(credential);
        passkeys.value = [...passkeys.peek(), added];
        return { added };
      } catch (error) {
        if (error instanceof PasskeyError) return { failure: error.failure };
        deps.showError(error);
        return null;
      } finally {
        adding.value = false;
      }
    },

    /** True when the passkey is gone; `last_sign_in_method` when it is the only way in (shown as a toast). */
    async remove(id: string, proof: string): Promise<boolean> {
      try {
        await deps.api.remove(id, proof);
      } catch (error) {
        deps.showError(error);
        return false;
      }
      passkeys.value = passkeys.peek().filter((passkey) => passkey.id !== id);
      return true;
    },
  };
}

export type PasskeysModel = ReturnType<typeof createPasskeysModel>;
