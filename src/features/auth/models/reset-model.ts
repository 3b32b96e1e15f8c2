/** Restoring a password: a forget_pass_verification code to the phone or e-mail, then a new password. */
import { signal } from '@preact/signals-react';
import { checkCode } from '../api/check-code';
import { restorePassword } from '../api/restore-password';
import type { AuthApi } from '../api/types';
import { createCodeSender, type Channel } from './code-sender';
import { createContactInput } from './contact-input';
import { createForm, type ShowError } from './form';

export type ResetStep = 'contact' | 'code' | 'password';

const PURPOSE = 'forget_pass_verification';
const MIN_PASSWORD_LENGTH = 8;

export function createResetModel(deps: {
  api: AuthApi;
  showError: ShowError;
  announce: (key: string, to: string) => void;
  now: () => number;
  onReset: () => void;
}) {
  const form = createForm(deps.showError);
  const contact = createContactInput(form);
  const codes = createCodeSender({ api: deps.api, form, now: deps.now, announce: deps.announce });
  const step = signal<ResetStep>('contact');
  const code = signal('');
  const requestId = signal<string | null>(null);
  const password = signal('');
  const passwordAgain = signal('');

  return {
    form,
    contact,
    codes,
    step,
    code,
    password,
    passwordAgain,

    async sendCode(how: Channel) {
      form.reset();
      const who = contact.read();
      if (who && (await codes.send(PURPOSE, who, how))) step.value = 'code';
    },

    async resend() {
      const who = codes.sentTo.peek();
      if (who) await codes.send(PURPOSE, who, codes.channel.peek(), 'code');
    },

    async checkCode() {
      form.reset();
      const who = codes.sentTo.peek();
      if (!who) return;
      if (!/^\d{6}$/.test(code.value)) {
        form.setError('code', 'invalid_code');
        return;
      }
      const id = await form.attempt(() => checkCode(deps.api, PURPOSE, who, code.value));
      if (!id) return;
      requestId.value = id;
      step.value = 'password';
    },

    async save() {
      form.reset();
      const who = codes.sentTo.peek();
      const id = requestId.peek();
      if (!who || !id) return;
      if ([...password.value].length < MIN_PASSWORD_LENGTH) form.setError('password', 'password_too_short');
      else if (password.value !== passwordAgain.value) form.setError('password_again', 'passwords_do_not_match');
      if (Object.keys(form.errors.peek()).length > 0) return;
      const done = await form.attempt(() => restorePassword(deps.api, who.type, id, password.value));
      if (done !== undefined) deps.onReset();
    },

    back() {
      form.reset();
      step.value = step.value === 'password' ? 'code' : 'contact';
    },
  };
}

export type ResetModel = ReturnType<typeof createResetModel>;
