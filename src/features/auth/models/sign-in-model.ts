/**
 * The sign-in flow (docs/product.md §3 login steps: login, accounts, logout, confirmation, error): phone or
 * e-mail, then a password or a one-time code by SMS, call or e-mail; or one of this device's
 * accounts. A model with no view: the full-page Login and the embed route mount the same flow.
 */
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import { signal } from '@preact/signals-react';
import type { Session, TokenResponse } from '../../../lib/session';
import { checkUserExists } from '../api/check-user-exists';
import { checkUserPassword } from '../api/check-user-password';
import { loginOtp } from '../api/login-otp';
import { loginUser } from '../api/login-user';
import type { AuthApi, Contact } from '../api/types';
import type { Channel, CodeSender } from '../../../components/verification/code-sender';
import { createContactInput, prefill } from '../../../components/verification/contact-input';
import { createForm, type ShowError } from '../../../lib/form';

export type SignInStep = 'login' | 'accounts' | 'logout' | 'confirmation' | 'error';

export interface SignInDeps {
  api: AuthApi;
  session: Session;
  showError: ShowError;
  announce: (key: CatalogueKey, to: string) => void;
  now: () => number;
  /** What happens after a successful sign-in (the page redirects; the embed posts a message). */
  onSignedIn: (response: TokenResponse | null, save: boolean) => Promise<void>;
  /**
   * An app asked for a new sign-in (OpenID Connect Core §3.1.2.1 prompt=login, or its max_age
   * passed): the device's saved accounts, which resume an old sign-in, are not offered.
   */
  fresh?: boolean;
  /** A contact to start with: the one a sign-up found taken, or a password was just reset for. */
  prefill?: Contact | null;
}

const SIGN_IN_PURPOSE = { phone: 'login_sms_verification', email: 'confirm_email_or_phone' } as const;

/**
 * Refusals no field of the form can fix (docs/product.md §8): the flow leaves the form for its error step.
 * `attempt` files them under this pseudo-field instead of showing a toast.
 */
const FLOW_ERRORS: ReadonlySet<string> = new Set(['device_login_last_24_hours_error', 'session_expired']);
const FLOW_FIELD = 'flow';

export function createSignInModel(deps: SignInDeps) {
  const form = createForm(deps.showError);
  const contact = createContactInput(form);
  // Made at the first code asked for, its module loaded then: most sign-ins use a password, and the
  // login page and the widget's frame pay for every byte they load first (test/budget.test.ts).
  let codes: CodeSender | undefined;
  // The device's accounts, after a sign-out with the account that left named (docs/product.md §3 steps accounts, logout).
  const chooser = (): SignInStep => (deps.session.signedOut.peek() ? 'logout' : 'accounts');
  // A session ended elsewhere: the form, its contact filled in, says so (issue 12), rather than the chooser.
  const ended = deps.session.ended.peek();
  if (ended)
    prefill(
      contact,
      ended.phone ? { type: 'phone', value: ended.phone } : ended.email ? { type: 'email', value: ended.email } : null,
    );
  else prefill(contact, deps.prefill ?? null);
  const step = signal<SignInStep>(
    !deps.fresh && !ended && deps.session.activeProfiles.peek().length > 0 ? chooser() : 'login',
  );
  const method = signal<'password' | 'code'>('password');
  const password = form.field('password', '');
  const save = form.field('save', true);
  /** The key the error step shows. */
  const failure = signal<CatalogueKey | null>(null);
  /** When a password may be tried again (epoch ms), from a lock's Retry-After; a code still works meanwhile. */
  const lockedUntil = signal(0);

  /** Runs a sign-in call; a refusal of FLOW_ERRORS moves the flow to its error step. */
  async function signIn<T>(
    work: () => Promise<T>,
    inline: (key: string) => string | undefined = () => undefined,
  ): Promise<T | undefined> {
    const result = await form.attempt(work, { inline: (key) => (FLOW_ERRORS.has(key) ? FLOW_FIELD : inline(key)) });
    const key = form.errors.peek()[FLOW_FIELD];
    if (key) {
      form.reset();
      failure.value = key;
      step.value = 'error';
    }
    return result;
  }

  async function finish(response: TokenResponse | null) {
    await deps.onSignedIn(response, save.value);
  }

  /** A code to a known contact (a newcomer is told to register instead), then the code step. */
  async function requestCode(how: Channel) {
    form.reset();
    const who = contact.read();
    if (!who) return;
    const exists = await form.attempt(() => checkUserExists(deps.api, who));
    if (exists === false) {
      form.setError(who.type, who.type === 'phone' ? 'user_not_found_phone' : 'user_not_found_email');
      return;
    }
    if (!exists) return;
    const { createCodeSender } = await import('../../../components/verification/code-sender');
    codes ??= createCodeSender({ ...deps, form, purposeOf: (to) => SIGN_IN_PURPOSE[to.type] });
    if (await codes.send(who, how)) step.value = 'confirmation';
  }

  return {
    form,
    contact,
    /** The code sent, once one was asked for (the confirmation step shows it). */
    get codes(): CodeSender {
      return codes as CodeSender;
    },
    step,
    method,
    password,
    save,
    failure,
    lockedUntil,

    /**
     * Shows the device's accounts when there are any, loading them after a reload or in a new tab:
     * signed in, through the active session; signed out, through one of the stored ones.
     */
    async start() {
      if (deps.fresh) return;
      const { session } = deps;
      if (session.activeProfiles.peek().length === 0)
        await (session.user.peek() ? session.loadProfiles() : session.loadProfilesFromStoredSession());
      if (session.activeProfiles.peek().length > 0 && !ended) step.value = chooser();
    },

    async submitPassword() {
      form.reset();
      const who = contact.read();
      if (!password.value) {
        // No password typed: an account that has none goes straight to a one-time code (docs/product.md §7).
        const hasPassword = who ? await form.attempt(() => checkUserPassword(deps.api, who)) : true;
        if (who && hasPassword === false) {
          method.value = 'code';
          return requestCode(who.type === 'phone' ? 'sms' : 'email');
        }
        if (hasPassword) form.setError('password', 'field_required');
        return;
      }
      if (!who) return;
      const response = await signIn(
        () =>
          loginUser(deps.api, who, password.value, save.value).catch((error: unknown) => {
            const seconds = Number((error as { headers?: Headers } | null)?.headers?.get?.('Retry-After'));
            if (seconds > 0) lockedUntil.value = deps.now() + seconds * 1000;
            throw error;
          }),
        (key) => (key === 'invalid_credentials' || key === 'too_many_attempts_login' ? 'password' : undefined),
      );
      if (response) await finish(response);
    },

    requestCode,

    async submitCode() {
      const typed = codes?.typed();
      if (!typed) return;
      const response = await signIn(() => loginOtp(deps.api, typed.contact, typed.code, save.value));
      if (response) await finish(response);
    },

    /** Runs a step's call; a refusal no field can fix moves the flow to its error step. */
    run: signIn,
    finish,

    chooseAnotherAccount() {
      form.reset();
      step.value = 'login';
    },

    backToLogin() {
      form.reset();
      failure.value = null;
      step.value = 'login';
    },
  };
}

export type SignInModel = ReturnType<typeof createSignInModel>;
