/**
 * Restoring a password: a forget_pass_verification code to the phone or e-mail, then a new password.
 * Every sign-in ends; so do the OAuth apps' sessions unless the person unticks it (OWASP ASVS 5.0 §7.4.3).
 */
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import { signal } from '@preact/signals-react';
import { checkCode } from '../../../components/verification/check-code';
import { restorePassword, type PasswordRestored } from '../api/restore-password';
import type { AuthApi, Contact } from '../api/types';
import { createCodeSender, type Channel } from '../../../components/verification/code-sender';
import { createContactInput } from '../../../components/verification/contact-input';
import { createForm, type ShowError } from '../../../lib/form';
import { checkNewPassword } from '../../../lib/new-password';

export type ResetStep = 'contact' | 'code' | 'password';

const PURPOSE = 'forget_pass_verification';

export function createResetModel(deps: {
  api: AuthApi;
  showError: ShowError;
  announce: (key: CatalogueKey, to: string) => void;
  now: () => number;
  /**
   * The password is restored; `contact` is the one proven, which signing in takes next — or null
   * when it was the account's backup contact, which does not sign in.
   */
  onReset: (restored: PasswordRestored, contact: Contact | null) => void;
}) {
  const form = createForm(deps.showError);
  const contact = createContactInput(form);
  /** Whether the server said the code went to the account's backup contact (`code_send_to_backup_…`). */
  let toBackup = false;
  const announce = (key: CatalogueKey, to: string) => {
    toBackup = key.includes('_backup_');
    deps.announce(key, to);
  };
  const codes = createCodeSender({ ...deps, announce, form, purposeOf: () => PURPOSE });
  const step = signal<ResetStep>('contact');
  const requestId = signal<string | null>(null);
  const password = form.field('password', '');
  const passwordAgain = form.field('password_again', '');
  const endApps = form.field('end_app_sessions', true);

  return {
    form,
    contact,
    codes,
    step,
    password,
    passwordAgain,
    endApps,

    async sendCode(how: Channel) {
      form.reset();
      const who = contact.read();
      if (who && (await codes.send(who, how))) step.value = 'code';
    },

    async checkCode() {
      const typed = codes.typed();
      if (!typed) return;
      const id = await form.attempt(() => checkCode(deps.api, PURPOSE, typed.contact, typed.code));
      if (!id) return;
      requestId.value = id;
      step.value = 'password';
    },

    async save() {
      form.reset();
      const who = codes.sentTo.peek();
      const id = requestId.peek();
      if (!who || !id || !checkNewPassword(form, password.value, passwordAgain.value)) return;
      const done = await form.attempt(() => restorePassword(deps.api, who.type, id, password.value, endApps.value));
      if (done !== undefined) {
        deps.onReset(done, toBackup ? null : who);
        return;
      }
      // A used or expired proof, or a contact with no account, cannot be fixed on this step (which
      // has no field for either): start over with a new code, the reason beside the contact.
      const errors = form.errors.peek();
      const key = errors.request_id ?? errors[who.type];
      if (key) {
        requestId.value = null;
        form.reset();
        form.setError(who.type, key);
        step.value = 'contact';
      }
    },

    back() {
      form.reset();
      step.value = step.value === 'password' ? 'code' : 'contact';
    },
  };
}

export type ResetModel = ReturnType<typeof createResetModel>;
