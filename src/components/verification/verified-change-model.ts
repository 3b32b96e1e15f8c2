/**
 * A change that a one-time code proves (docs/api.md, Security): a new phone, e-mail or secondary
 * contact gets a code and the change carries its request_id; some changes first need a fresh proof
 * that it is the account's owner (the current password), and some send the code to the account's
 * own contact instead of a new one.
 */
import { signal } from '@preact/signals-react';
import type { ProofIssued } from '../../../server/src/contract/step-up.js';
import { createCodeSender } from './code-sender';
import { checkCode } from './check-code';
import type { CodeApi, Contact, ContactType } from './contact';
import { createContactInput } from './contact-input';
import { createForm, type ShowError } from '../../lib/form';
import type { UserProfile } from '../../lib/session';

export type ChangeStep = 'proof' | 'contact' | 'code' | 'done';

/** The section of a code that proves the owner (docs/api.md, Security: step-up proofs). */
const PROOF_PURPOSE = 'confirm_email_or_phone';

export interface VerifiedChangeDeps {
  api: CodeApi;
  showError: ShowError;
  now: () => number;
  announce: (key: string, to: string) => void;
  /** The verification section of the code (SPEC §3). */
  purpose: string;
  contactType: ContactType;
  /** Set: the code goes to this contact of the account's own, and no contact is asked for. */
  ownContact?: Contact;
  /** Asks for a fresh proof first (POST /user/security/proof/): the current password, or a code. */
  needsProof: boolean;
  /** Where a code for the proof goes instead of the password: the account's own contact. */
  proofContact?: Contact;
  /** Makes the change with the checked code's request_id (and the proof when asked for). */
  submit: (requestId: string, proof: string | null) => Promise<UserProfile>;
  onDone: (profile: UserProfile) => void;
}

export function createVerifiedChangeModel(deps: VerifiedChangeDeps) {
  const form = createForm(deps.showError);
  const contact = createContactInput(form, deps.contactType);
  const codes = createCodeSender({ ...deps, form, purposeOf: () => deps.purpose });
  const step = signal<ChangeStep>(deps.needsProof ? 'proof' : deps.ownContact ? 'code' : 'contact');
  const password = signal('');
  /** The proof by a code to the account's own contact, the other way than the password. */
  const proofCodes = createCodeSender({ ...deps, form, purposeOf: () => PROOF_PURPOSE });
  const proofBy = signal<'password' | 'code'>('password');
  let proof: string | null = null;

  const requestProof = (body: { password: string } | { request_id: string }) =>
    form.attempt(() => deps.api.http.post<ProofIssued>(`${deps.api.ssoApi}/user/security/proof/`, body), {
      inline: (key) => (key === 'too_many_attempts_login' ? 'password' : undefined),
    });

  async function proven(answer: ProofIssued): Promise<void> {
    proof = answer.proof;
    password.value = '';
    step.value = deps.ownContact ? 'code' : 'contact';
    if (deps.ownContact) await codes.send(deps.ownContact, deps.ownContact.type === 'phone' ? 'sms' : 'email', 'code');
  }

  return {
    form,
    contact,
    codes,
    step,
    password,

    /** With an own contact, the code goes out as the flow opens (and on "send again"). */
    async start(): Promise<void> {
      if (deps.ownContact && step.peek() === 'code') await codes.send(deps.ownContact, deps.ownContact.type === 'phone' ? 'sms' : 'email', 'code');
    },

    proofCodes,
    proofBy,
    canProveByCode: deps.proofContact !== undefined,

    async prove(): Promise<void> {
      form.reset();
      if (!password.value) {
        form.setError('password', 'field_required');
        return;
      }
      const answer = await requestProof({ password: password.value });
      if (answer) await proven(answer);
    },

    /** The other way to prove it: a code to the account's own contact. */
    async proveByCodeInstead(): Promise<void> {
      form.reset();
      const own = deps.proofContact;
      if (own && (await proofCodes.send(own, own.type === 'phone' ? 'sms' : 'email'))) proofBy.value = 'code';
    },

    provePasswordInstead(): void {
      form.reset();
      proofBy.value = 'password';
    },

    async proveByCode(): Promise<void> {
      const typed = proofCodes.typed();
      if (!typed) return;
      const requestId = await form.attempt(() => checkCode(deps.api, PROOF_PURPOSE, typed.contact, typed.code));
      if (!requestId) return;
      const answer = await requestProof({ request_id: requestId });
      if (answer) await proven(answer);
    },

    async sendCode(how: 'sms' | 'call' | 'email'): Promise<void> {
      form.reset();
      const who = contact.read();
      if (who && (await codes.send(who, how))) step.value = 'code';
    },

    async confirm(): Promise<void> {
      const typed = codes.typed();
      if (!typed) return;
      const requestId = await form.attempt(() => checkCode(deps.api, deps.purpose, typed.contact, typed.code));
      if (!requestId) return;
      const profile = await form.attempt(() => deps.submit(requestId, proof), {
        // The contact is the new one's: a taken number is said where it was typed, on the step before.
        fieldOf: (field) => (field === 'phone' || field === 'email' ? 'code' : field),
      });
      if (!profile) return;
      step.value = 'done';
      deps.onDone(profile);
    },

    /** One step back; false when there is none (the flow should close). */
    back(): boolean {
      form.reset();
      if (step.peek() !== 'code' || deps.ownContact) return false;
      step.value = 'contact';
      return true;
    },
  };
}

export type VerifiedChangeModel = ReturnType<typeof createVerifiedChangeModel>;
