/**
 * The two-step verification page (issue 41): its status, and the authenticator app's setup (RFC 6238:
 * a fresh proof → a new secret shown as a QR and as text → the app's first code confirms it), the
 * recovery codes shown once (on turning on, and on request), and turning it off. Each change that
 * needs one takes a fresh step-up proof (docs/api.md, Two-step verification).
 */
import { signal } from '@preact/signals-react';
import { createForm, type ShowError } from '../../../lib/form';
import type { TotpSetup, TwoStepApi, TwoStepStatus } from '../api/two-step-api';
import { createScreenLoad } from '../../../lib/screen-load';

/** RFC 6238 §4 with the server's parameters (docs/api.md): 6 digits. */
export const TOTP_DIGITS = 6;
/** At or below this many recovery codes left, the page warns to make new ones. */
export const FEW_RECOVERY_CODES = 3;

/** A base32 secret in groups of four, for typing into an app by hand. */
export const groupSecret = (secret: string): string => secret.replace(/\s/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/** What the page shows: the status, the app's setup, or the recovery codes just made. */
export type TwoStepView = 'status' | 'setup' | 'codes';

export function createTwoStepModel(deps: { api: TwoStepApi; showError: ShowError }) {
  const status = signal<TwoStepStatus | null>(null);
  const view = signal<TwoStepView>('status');
  const setup = signal<TotpSetup | null>(null);
  /** The recovery codes just made, shown this once. */
  const codes = signal<string[]>([]);
  const form = createForm(deps.showError);
  const code = form.field('code', '');

  const { state, load } = createScreenLoad(deps.showError, async () => {
    status.value = await deps.api.status();
  });

  const showCodes = (made: string[]) => {
    codes.value = made;
    view.value = 'codes';
  };

  return {
    state,
    status,
    view,
    setup,
    codes,
    form,
    code,
    load,

    /** After a fresh proof: a new secret waiting for its first code (turning on, or changing the app). */
    async start(proof: string): Promise<boolean> {
      form.reset();
      code.value = '';
      const made = await form.attempt(() => deps.api.startTotp(proof));
      if (!made) return false;
      setup.value = made;
      view.value = 'setup';
      return true;
    },

    /**
     * The app's first code: 'on' when it turned two-step on (the recovery codes show), 'changed' when
     * it replaced the app, null when refused (`code_not_valid` and `two_step_setup_expired` beside the field).
     */
    async confirm(): Promise<'on' | 'changed' | null> {
      form.reset();
      const typed = code.value.replace(/\s/g, '');
      if (!typed) form.setError('code', 'field_required');
      else if (!new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(typed)) form.setError('code', 'code_not_valid');
      if (form.errors.value.code) return null;
      const made = await form.attempt(() => deps.api.confirmTotp(typed), {
        fieldOf: () => 'code',
        inline: (key) => (key === 'two_step_setup_expired' ? 'code' : undefined),
      });
      if (made === undefined) return null;
      setup.value = null;
      code.value = '';
      await load();
      if (made) {
        showCodes(made);
        return 'on';
      }
      view.value = 'status';
      return 'changed';
    },

    /** Back to the status, the setup dropped (the app in use, if any, stays). */
    cancel(): void {
      form.reset();
      setup.value = null;
      code.value = '';
      view.value = 'status';
    },

    /** "I have saved them": the codes are gone from the page. */
    doneWithCodes(): void {
      codes.value = [];
      view.value = 'status';
    },

    async newRecoveryCodes(proof: string): Promise<boolean> {
      try {
        showCodes(await deps.api.newRecoveryCodes(proof));
      } catch (error) {
        deps.showError(error);
        return false;
      }
      await load();
      return true;
    },

    async turnOff(proof: string): Promise<boolean> {
      try {
        status.value = await deps.api.turnOff(proof);
      } catch (error) {
        deps.showError(error);
        return false;
      }
      return true;
    },
  };
}

export type TwoStepModel = ReturnType<typeof createTwoStepModel>;
