/**
 * The sign-in flow (docs/product.md §3 login steps: login, accounts, logout, confirmation, error), identifier
 * first: the login step asks for a phone or an e-mail in one field, and Continue finds out what the
 * account can use (stage `identifier`); then its password, or a one-time code by SMS, call or e-mail
 * (stage `challenge`, still the login step); or one of this device's accounts. A model with no view:
 * the full-page Login and the embed route mount the same flow.
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
import { maskUzPhone, uzPhoneValue } from '../../../components/phone-mask';
import { normalizeEmail } from '../../../../server/src/contract/contact-rules.js';
import { createForm, type ShowError } from '../../../lib/form';
import type { SecondStepRequired } from '../../../../server/src/contract/two-step.js';

/** `second`: an account with two-step verification on answered its first step with `second_step` (issue 41). */
export type SignInStep = 'login' | 'accounts' | 'logout' | 'confirmation' | 'error' | 'qr' | 'second';
/** The two stages of the login step: the phone or e-mail, then what the account signs in with. */
export type SignInStage = 'identifier' | 'challenge';

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
  /**
   * Whether the Login page had a QR code on screen that still lives (a reload; key `bg`): the flow goes back
   * to the `qr` step once started (after hydration: the prerendered page shows the form).
   */
  showingQr?: () => boolean;
}

const SIGN_IN_PURPOSE = { phone: 'login_sms_verification', email: 'confirm_email_or_phone' } as const;

/**
 * Refusals no field of the form can fix (docs/product.md §8): the flow leaves the form for its error step.
 * `attempt` files them under this pseudo-field instead of showing a toast.
 */
const FLOW_ERRORS: ReadonlySet<string> = new Set(['device_login_last_24_hours_error', 'session_expired']);
const FLOW_FIELD = 'flow';
/** The one field of the first stage, where what is wrong with the contact is said. */
const IDENTIFIER = 'identifier';

/** The typed phone (masked) or e-mail as a contact in its normal form, or null. */
export function readIdentifier(typed: string): Contact | null {
  const phone = uzPhoneValue(typed);
  if (phone) return { type: 'phone', value: phone };
  const email = normalizeEmail(typed);
  return email ? { type: 'email', value: email } : null;
}

/** A known contact as the field shows it when typed: the phone with its mask. */
const asTyped = (contact: Contact | null) =>
  !contact ? '' : contact.type === 'phone' ? maskUzPhone(contact.value) : contact.value;

export function createSignInModel(deps: SignInDeps) {
  const form = createForm(deps.showError);
  // Made at the first code asked for, its module loaded then: most sign-ins use a password, and the
  // login page and the widget's frame pay for every byte they load first (test/budget.test.ts).
  let codes: CodeSender | undefined;
  // The device's accounts, after a sign-out with the account that left named (docs/product.md §3 steps accounts, logout).
  const chooser = (): SignInStep => (deps.session.signedOut.peek() ? 'logout' : 'accounts');
  // A session ended elsewhere: the form, its contact filled in, says so (issue 12), rather than the chooser.
  const ended = deps.session.ended.peek();
  const handed = ended
    ? ended.phone
      ? ({ type: 'phone', value: ended.phone } as const)
      : ended.email
        ? ({ type: 'email', value: ended.email } as const)
        : null
    : (deps.prefill ?? null);
  const identifier = form.field(IDENTIFIER, asTyped(handed));
  /** The contact Continue found an account for: the second stage's. */
  const contact = signal<Contact | null>(null);
  const stage = signal<SignInStage>('identifier');
  /** Whether the account has a password (CheckUserPassword): the second stage offers it first. */
  const hasPassword = signal(true);
  const step = signal<SignInStep>(
    !deps.fresh && !ended && deps.session.activeProfiles.peek().length > 0 ? chooser() : 'login',
  );
  const password = form.field('password', '');
  const save = form.field('save', true);
  /** The key the error step shows. */
  const failure = signal<CatalogueKey | null>(null);
  /** When a password may be tried again (epoch ms), from a lock's Retry-After; a code still works meanwhile. */
  const lockedUntil = signal(0);
  /** The half-done sign-in the `second` step finishes. */
  const secondStep = signal<SecondStepRequired['second_step'] | null>(null);
  /**
   * "Sign in with a passkey": null until its lazy module has looked (the button is there, waiting, so the
   * card never moves), then what it does, or false where the browser has no WebAuthn (passkey-sign-in.ts).
   */
  const passkey = signal<(() => void) | false | null>(null);

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

  /** Every first step's answer ends here: tokens finish the sign-in, `second_step` asks for the second step. */
  async function finish(response: TokenResponse | SecondStepRequired | null) {
    if (response && 'second_step' in response) {
      secondStep.value = response.second_step;
      step.value = 'second';
    } else await deps.onSignedIn(response, save.value);
  }

  /** A code to the account Continue found, then the code step. */
  async function requestCode(how: Channel) {
    form.reset();
    const who = contact.peek();
    if (!who) return;
    const { createCodeSender } = await import('../../../components/verification/code-sender');
    codes ??= createCodeSender({
      ...deps,
      form,
      purposeOf: (to) => SIGN_IN_PURPOSE[to.type],
      contactField: IDENTIFIER,
    });
    if (await codes.send(who, how)) step.value = 'confirmation';
  }

  /**
   * Continue: asks whether an account has this contact and whether it has a password, both at once
   * (one round trip). No account is said beside the field, with the way to create one; an account
   * without a password goes straight to a code (docs/product.md §7); else the second stage.
   */
  async function submitIdentifier() {
    form.reset();
    const typed = readIdentifier(identifier.value);
    if (!typed) {
      form.setError(IDENTIFIER, 'invalid_phone_or_email');
      return;
    }
    const found = await form.attempt(
      () => Promise.all([checkUserExists(deps.api, typed), checkUserPassword(deps.api, typed)]),
      { fieldOf: () => IDENTIFIER },
    );
    if (!found) return;
    const [exists, withPassword] = found;
    if (!exists) {
      form.setError(IDENTIFIER, typed.type === 'phone' ? 'user_not_found_phone' : 'user_not_found_email');
      return;
    }
    contact.value = typed;
    hasPassword.value = withPassword;
    password.value = '';
    if (!withPassword) return requestCode(typed.type === 'phone' ? 'sms' : 'email');
    stage.value = 'challenge';
  }

  return {
    api: deps.api,
    form,
    identifier,
    contact,
    stage,
    hasPassword,
    /** The code sent, once one was asked for (the confirmation step shows it). */
    get codes(): CodeSender {
      return codes as CodeSender;
    },
    step,
    password,
    save,
    failure,
    lockedUntil,
    secondStep,
    passkey,

    /**
     * Shows the device's accounts when there are any, loading them after a reload or in a new tab:
     * signed in, through the active session; signed out, through one of the stored ones.
     */
    async start() {
      if (deps.showingQr?.()) {
        step.value = 'qr';
        return;
      }
      if (deps.fresh) return;
      const { session } = deps;
      if (session.activeProfiles.peek().length === 0)
        await (session.user.peek() ? session.loadProfiles() : session.loadProfilesFromStoredSession());
      if (session.activeProfiles.peek().length > 0 && !ended) step.value = chooser();
    },

    submitIdentifier,

    async submitPassword() {
      form.reset();
      const who = contact.peek();
      if (!who) return;
      if (!password.value) {
        form.setError('password', 'field_required');
        return;
      }
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

    /** "Sign in with QR code": the `qr` step, which makes its code. */
    showQr() {
      form.reset();
      step.value = 'qr';
    },

    chooseAnotherAccount() {
      form.reset();
      step.value = 'login';
      stage.value = 'identifier';
    },

    /** "Not you?": back to the first stage, what was typed kept. */
    notYou() {
      form.reset();
      contact.value = null;
      password.value = '';
      stage.value = 'identifier';
    },

    /** Back from the code or the error step: to the password when the account has one, else to the field. */
    backToLogin() {
      form.reset();
      failure.value = null;
      step.value = 'login';
      stage.value = contact.peek() && hasPassword.peek() ? 'challenge' : 'identifier';
    },
  };
}

export type SignInModel = ReturnType<typeof createSignInModel>;
