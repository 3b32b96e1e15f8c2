/**
 * Signing in with a passkey (issue 41; docs/api.md, POST /login/passkey/): the identifier stage's
 * "Sign in with a passkey" button, and the conditional UI (WebAuthn L3 §5.1.4.1, mediation
 * "conditional"), where the browser offers the device's passkeys in the autofill of the field marked
 * `autocomplete="username webauthn"`. Loaded after hydration, never with the page: the login route and
 * the partner's frame pay for every byte of their first download (test/budget.test.ts). An answer
 * finishes as every sign-in does (SignInModel.finish): tokens, or the second step of an account with
 * two-step on when the passkey did not verify its user.
 */
import { effect } from '@preact/signals-react';
import type { PublicKeyCredentialJSON, WebauthnOptionsJSON } from '../../../../server/src/contract/passkeys.js';
import * as webauthn from '../../../lib/webauthn';
import { passkeyLogin, passkeyLoginOptions } from '../api/passkey-login';
import type { AuthApi } from '../api/types';
import type { SignInModel } from './sign-in-model';

/** What the model needs of src/lib/webauthn.ts; tests give a fake authenticator. */
export interface PasskeyCeremonies {
  supported: () => boolean;
  autofillSupported: () => Promise<boolean>;
  get: (options: WebauthnOptionsJSON, how: { autofill: boolean }) => Promise<PublicKeyCredentialJSON>;
  cancel: () => Promise<void>;
}

export const browserCeremonies: PasskeyCeremonies = {
  supported: webauthn.passkeysSupported,
  autofillSupported: webauthn.autofillSupported,
  get: (options, how) => webauthn.usePasskey(options, how),
  cancel: webauthn.cancelPasskeyRequest,
};

type Flow = Pick<SignInModel, 'api' | 'run' | 'finish' | 'save' | 'step' | 'stage' | 'failure' | 'form'>;

/**
 * A passkey ceremony's failure other than the person closing the prompt (which leaves the form as it
 * was): the flow's error step says the passkey could not be used.
 */
export function passkeyFailed(flow: Pick<SignInModel, 'failure' | 'step'>, error: unknown): void {
  if (error instanceof webauthn.PasskeyError && error.failure === 'cancelled') return;
  flow.failure.value = 'passkey_not_valid';
  flow.step.value = 'error';
}

/** Refusals of a passkey's answer that no field can fix: the flow's error step. */
export const passkeyInline = (key: string) => (key === 'passkey_not_valid' ? 'flow' : undefined);

export function createPasskeySignIn(flow: Flow, ceremonies: PasskeyCeremonies) {
  const api: AuthApi = flow.api;
  /** A ceremony is waiting: the autofill one, or the button's. */
  let autofillWaiting = false;
  let pressed = false;
  /** Whether the autofill ceremony follows the flow (conditional mediation is available). */
  let following = false;
  const onIdentifierStage = () => flow.step.peek() === 'login' && flow.stage.peek() === 'identifier';

  async function answer(credential: PublicKeyCredentialJSON) {
    const response = await flow.run(() => passkeyLogin(api, credential, flow.save.peek()), passkeyInline);
    if (response) await flow.finish(response);
  }

  /** The autofill ceremony: it waits, unresolved, until a passkey is picked from the field's suggestions. */
  async function waitForAutofill(): Promise<void> {
    if (autofillWaiting || pressed || !onIdentifierStage()) return;
    autofillWaiting = true;
    try {
      // Quiet: a page whose autofill could not start still has its form and its button.
      const options = await passkeyLoginOptions(api).catch(() => null);
      if (!options || pressed || !onIdentifierStage()) return;
      // Quiet too when it fails: the person asked for nothing (a frame without the permission, say).
      const credential = await ceremonies.get(options, { autofill: true }).catch(() => null);
      if (credential) await answer(credential);
    } finally {
      autofillWaiting = false;
    }
  }

  return {
    waitForAutofill,

    /** "Sign in with a passkey": the browser's own prompt (it ends a waiting autofill ceremony). */
    async signIn(): Promise<void> {
      if (pressed || flow.form.busy.peek()) return;
      pressed = true;
      flow.form.reset();
      let credential: PublicKeyCredentialJSON | null = null;
      try {
        const options = await flow.run(() => passkeyLoginOptions(api));
        credential = options ? await ceremonies.get(options, { autofill: false }) : null;
      } catch (error) {
        passkeyFailed(flow, error);
      } finally {
        pressed = false;
      }
      if (credential) await answer(credential);
      // The prompt closed, still on the form: the field offers the passkeys again.
      else if (following) void waitForAutofill();
    },

    /**
     * Follows the flow: the autofill ceremony waits while the identifier stage is on screen and is
     * cancelled when the flow leaves it (the password, a code, the chooser). Returns its stop.
     */
    follow(): () => void {
      following = true;
      const stop = effect(() => {
        const here = flow.step.value === 'login' && flow.stage.value === 'identifier';
        // After the effect's run: the ceremony's reads must not subscribe it.
        if (here) queueMicrotask(() => void waitForAutofill());
        else if (autofillWaiting) void ceremonies.cancel();
      });
      return () => {
        following = false;
        stop();
        if (autofillWaiting) void ceremonies.cancel();
      };
    },
  };
}

/**
 * Offers passkeys in the sign-in flow where the browser has them: the button (the model's `passkey`)
 * and, where conditional mediation is available, the autofill ceremony. Returns what stops it.
 */
export async function attachPasskeys(
  flow: Flow & Pick<SignInModel, 'passkey'>,
  ceremonies: PasskeyCeremonies = browserCeremonies,
): Promise<() => void> {
  if (!ceremonies.supported()) {
    flow.passkey.value = false;
    return () => undefined;
  }
  const passkeys = createPasskeySignIn(flow, ceremonies);
  flow.passkey.value = () => void passkeys.signIn();
  return (await ceremonies.autofillSupported()) ? passkeys.follow() : () => undefined;
}
