/**
 * A change that a one-time code proves (docs/api.md, Security): a new phone, e-mail or secondary
 * contact gets a code and the change carries its request_id; some changes first need a fresh proof
 * that it is the account's owner (the current password), and some send the code to the account's
 * own contact instead of a new one.
 */
import type { CatalogueKey } from '../../../server/src/contract/error-keys.js';
import { signal } from '@preact/signals-react';
import { createCodeSender } from './code-sender';
import { checkCode } from './check-code';
import type { CodeApi, Contact, ContactType } from './contact';
import { createContactInput } from './contact-input';
import { createStepUp } from './step-up';
import { createForm, type ShowError } from '../../lib/form';
import type { UserProfile } from '../../lib/session';

export type ChangeStep = 'proof' | 'contact' | 'code' | 'done';

export interface VerifiedChangeDeps {
  api: CodeApi;
  showError: ShowError;
  now: () => number;
  announce: (key: CatalogueKey, to: string) => void;
  /** The verification section of the code (docs/product.md §3). */
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
  const stepUp = createStepUp({ ...deps, form });
  let proof: string | null = null;

  async function proven(issued: string | null): Promise<void> {
    if (!issued) return;
    proof = issued;
    step.value = deps.ownContact ? 'code' : 'contact';
    if (deps.ownContact) await codes.send(deps.ownContact, deps.ownContact.type === 'phone' ? 'sms' : 'email', 'code');
  }

  return {
    form,
    contact,
    codes,
    step,
    /** The proof asked for first (needsProof). */
    stepUp,
    /** Whether the code goes to the account's own contact (not to a new one being added). */
    ownContact: deps.ownContact !== undefined,
    password: stepUp.password,

    /** With an own contact, the code goes out as the flow opens (and on "send again"). */
    async start(): Promise<void> {
      if (deps.ownContact && step.peek() === 'code')
        await codes.send(deps.ownContact, deps.ownContact.type === 'phone' ? 'sms' : 'email', 'code');
    },

    proofCodes: stepUp.codes,
    proofBy: stepUp.by,
    canProveByCode: stepUp.canUseCode,

    prove: async () => proven(await stepUp.withPassword()),
    /** The other way to prove it: a code to the account's own contact. */
    proveByCodeInstead: () => stepUp.switchToCode(),
    provePasswordInstead: () => stepUp.switchToPassword(),
    proveByCode: async () => proven(await stepUp.withCode()),
    /** Takes a proof the step-up form obtained (verified-change-flow.tsx). */
    proven,

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
