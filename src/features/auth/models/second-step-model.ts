/**
 * The second step of a sign-in (issue 41; docs/api.md, POST /login/second-step/): an account with
 * two-step verification on answered its password, code or unverified passkey with `second_step`. The
 * authenticator app's code (RFC 6238, 6 digits), a recovery code instead, or one of the account's
 * passkeys when the server offers it; then the sign-in finishes as every other does.
 */
import { signal } from '@preact/signals-react';
import { normalizeRecoveryCode } from '../../../../server/src/contract/two-step.js';
import { secondStepPasskeyOptions, submitSecondStep } from '../api/second-step';
import type { SignInModel } from './sign-in-model';
import { passkeyFailed, passkeyInline, type PasskeyCeremonies } from './passkey-sign-in';

type Flow = Pick<SignInModel, 'api' | 'form' | 'run' | 'finish' | 'secondStep' | 'step' | 'failure' | 'backToLogin'>;

/** Refusals that end the half-done sign-in: the flow's error step says so, and its way back is to the start. */
const SPENT: ReadonlySet<string> = new Set(['code_attempts_exceeded', 'second_step_not_valid']);
const TOTP = /^\d{6}$/;
const inline = (key: string) => (SPENT.has(key) ? 'flow' : key === 'code_not_valid' ? 'code' : passkeyInline(key));

export function createSecondStepModel(flow: Flow, ceremonies: Pick<PasskeyCeremonies, 'supported' | 'get'>) {
  const { form } = flow;
  const code = form.field('code', '');
  /** The app's code, or a recovery code typed instead. */
  const method = signal<'totp' | 'recovery'>('totp');
  const methods = flow.secondStep.peek()?.methods ?? [];

  return {
    code,
    method,
    /** "Use a passkey" only when the server lists one and the browser can use it. */
    passkeyOffered: methods.includes('passkey') && ceremonies.supported(),
    recoveryOffered: methods.includes('recovery'),

    /** The typed code: the app's six digits, or a recovery code (case and hyphens ignored). */
    async submit(): Promise<void> {
      form.reset();
      const half = flow.secondStep.peek();
      if (!half) return;
      const which = method.peek();
      const typed = which === 'recovery' ? normalizeRecoveryCode(code.value) : code.value.replace(/\s/g, '');
      if (!typed) return form.setError('code', 'field_required');
      if (which === 'totp' && !TOTP.test(typed)) return form.setError('code', 'code_not_valid');
      const response = await flow.run(
        () => submitSecondStep(flow.api, { id: half.id, method: which, code: typed }),
        inline,
      );
      if (response) await flow.finish(response);
      else code.value = '';
    },

    /** The other kind of code: what was typed is cleared, it cannot be both. */
    switchTo(next: 'totp' | 'recovery'): void {
      form.reset();
      code.value = '';
      method.value = next;
    },

    /** "Use a passkey": one of the account's own passkeys signs the half-done sign-in. */
    async withPasskey(): Promise<void> {
      form.reset();
      const half = flow.secondStep.peek();
      if (!half) return;
      const options = await flow.run(() => secondStepPasskeyOptions(flow.api, half.id), inline);
      if (!options) return;
      let credential;
      try {
        credential = await ceremonies.get(options, { autofill: false });
      } catch (error) {
        passkeyFailed(flow, error);
        return;
      }
      const response = await flow.run(
        () => submitSecondStep(flow.api, { id: half.id, method: 'passkey', credential }),
        inline,
      );
      if (response) await flow.finish(response);
    },

    /** Back to the form: the half-done sign-in is left to expire. */
    back(): void {
      flow.secondStep.value = null;
      flow.backToLogin();
    },
  };
}

export type SecondStepModel = ReturnType<typeof createSecondStepModel>;
