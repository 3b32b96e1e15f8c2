/**
 * The registration flow: a phone or an e-mail, the code sent to it, then names and a password (and,
 * for a phone, an optional e-mail: kind 1 or 2). What was entered is kept in session
 * storage (docs/product.md §3 registerData) so a reload does not lose it; leaving Home clears it (docs/product.md §2).
 */
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import { signal } from '@preact/signals-react';
import { readItem, removeItem, writeItem } from '../../../lib/browser-storage';
import type { TokenResponse } from '../../../lib/session';
import { REGISTER_DATA_KEY } from '../../../lib/storage-keys';
import { checkCode } from '../../../components/verification/check-code';
import { checkUserExists } from '../api/check-user-exists';
import { registerUser } from '../api/register-user';
import type { AuthApi, Contact } from '../api/types';
import { createCodeSender, type Channel } from '../../../components/verification/code-sender';
import { createContactInput } from '../../../components/verification/contact-input';
import { createForm, type ShowError } from '../../../lib/form';
import { checkNewPassword } from '../../../lib/new-password';
import { normalizeEmail } from '../../../../server/src/contract/contact-rules.js';
import { nameProblem, tidyName } from '../../../../server/src/contract/name-rules.js';

export type SignUpStep = 'contact' | 'code' | 'details';

const PURPOSE = { phone: 'login_sms_verification', email: 'confirm_email_or_phone' } as const;

interface Stored {
  contact: Contact;
  requestId: string;
}

function readStored(): Stored | null {
  try {
    const stored = JSON.parse(readItem('session', REGISTER_DATA_KEY) ?? 'null') as Stored | null;
    return stored?.requestId && stored.contact ? stored : null;
  } catch {
    return null;
  }
}

export function createSignUpModel(deps: {
  api: AuthApi;
  showError: ShowError;
  announce: (key: CatalogueKey, to: string) => void;
  now: () => number;
  onRegistered: (response: TokenResponse) => Promise<void>;
}) {
  const form = createForm(deps.showError);
  const contact = createContactInput(form);
  const codes = createCodeSender({ ...deps, form, purposeOf: (who) => PURPOSE[who.type] });
  const stored = readStored();
  const verified = signal<Stored | null>(stored);
  const step = signal<SignUpStep>(stored ? 'details' : 'contact');
  const firstName = form.field('first_name', '');
  const lastName = form.field('last_name', '');
  const email = form.field('email', '');
  const password = form.field('password', '');
  const passwordAgain = form.field('password_again', '');
  /** The contact the person typed that already has an account: sign-up offers signing in with it. */
  const takenContact = signal<Contact | null>(null);

  return {
    form,
    contact,
    codes,
    step,
    verified,
    firstName,
    lastName,
    email,
    password,
    passwordAgain,
    takenContact,

    async sendCode(how: Channel) {
      form.reset();
      takenContact.value = null;
      const who = contact.read();
      if (!who) return;
      const exists = await form.attempt(() => checkUserExists(deps.api, who));
      if (exists) {
        form.setError(who.type, who.type === 'phone' ? 'already_taken' : 'email_taken_email');
        takenContact.value = who;
        return;
      }
      if (exists === false && (await codes.send(who, how))) step.value = 'code';
    },

    async checkCode() {
      const typed = codes.typed();
      if (!typed) return;
      const requestId = await form.attempt(() =>
        checkCode(deps.api, PURPOSE[typed.contact.type], typed.contact, typed.code),
      );
      if (!requestId) return;
      verified.value = { contact: typed.contact, requestId };
      writeItem('session', REGISTER_DATA_KEY, JSON.stringify(verified.value));
      step.value = 'details';
    },

    /**
     * Creates the account. Every field is checked at once, so every problem is said at once; the
     * e-mail of a phone sign-up is optional: given, it comes along (kind 1), empty, it does not (kind 2).
     */
    async register() {
      form.reset();
      const proof = verified.peek();
      if (!proof) return;
      for (const field of [firstName, lastName]) {
        const problem = nameProblem(field.value);
        if (problem) form.setError(field.name, problem);
      }
      const withEmail = proof.contact.type === 'phone' && email.value.trim() !== '';
      if (withEmail && !normalizeEmail(email.value)) form.setError('email', 'invalid_email');
      checkNewPassword(form, password.value, passwordAgain.value);
      if (Object.keys(form.errors.peek()).length > 0) return;
      const response = await form.attempt(() =>
        registerUser(deps.api, {
          request_id: proof.requestId,
          password: password.value,
          first_name: tidyName(firstName.value),
          last_name: tidyName(lastName.value),
          ...(withEmail ? { email: normalizeEmail(email.value) ?? '' } : {}),
          kind: proof.contact.type === 'email' || withEmail ? 1 : 2,
          save: true,
        }),
      );
      if (!response) {
        // A used or expired proof, or a contact taken meanwhile, cannot be fixed on this step (which
        // has no field for either): start over with a new code.
        const errors = form.errors.peek();
        const key = errors.request_id ?? errors[proof.contact.type];
        if (key) {
          removeItem('session', REGISTER_DATA_KEY);
          verified.value = null;
          // After a reload the contact input is new (a phone): show the field the reason is beside.
          contact.type.value = proof.contact.type;
          step.value = 'contact';
          form.setError(proof.contact.type, key);
        }
        return;
      }
      removeItem('session', REGISTER_DATA_KEY);
      await deps.onRegistered(response);
    },

    startOver() {
      removeItem('session', REGISTER_DATA_KEY);
      verified.value = null;
      codes.code.value = '';
      form.reset();
      step.value = 'contact';
    },
  };
}

export type SignUpModel = ReturnType<typeof createSignUpModel>;
