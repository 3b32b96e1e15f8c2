/**
 * A fresh proof that the person at the keyboard owns the account (POST /user/security/proof/): the
 * current password, or a code to the account's own phone or e-mail. The changes a stolen session
 * must not make alone ask for one first — a new phone or e-mail, a backup contact made the main one
 * (NIST SP 800-63B §4.2), and ending every other session (OWASP ASVS 5.0 §7.5.2).
 */
import type { CatalogueKey } from '../../../server/src/contract/error-keys.js';
import { signal } from '@preact/signals-react';
import type { ProofIssued } from '../../../server/src/contract/step-up.js';
import type { Form } from '../../lib/form';
import { noteRetryAfter } from '../../lib/retry-after';
import { checkCode } from './check-code';
import { createCodeSender } from './code-sender';
import type { CodeApi, Contact } from './contact';

/** The section of a code that proves the owner (docs/api.md, Security: step-up proofs). */
export const PROOF_PURPOSE = 'confirm_email_or_phone';

export interface StepUpDeps {
  api: CodeApi;
  /** The form of the flow the proof is part of: its errors and busy flag. */
  form: Form;
  now: () => number;
  announce: (key: CatalogueKey, to: string) => void;
  /** Where a code goes instead of the password: the account's own contact. None: the password only. */
  proofContact?: Contact;
}

const channelOf = (contact: Contact) => (contact.type === 'phone' ? 'sms' : 'email');

export function createStepUp(deps: StepUpDeps) {
  const { form } = deps;
  const password = form.field('password', '');
  const by = signal<'password' | 'code'>('password');
  /** When the password may be tried again (epoch ms), from a lock's Retry-After; a code works meanwhile. */
  const lockedUntil = signal(0);
  const codes = createCodeSender({ ...deps, purposeOf: () => PROOF_PURPOSE });

  async function request(body: { password: string } | { request_id: string }): Promise<string | null> {
    const answer = await form.attempt(
      () =>
        noteRetryAfter(
          () => deps.api.http.post<ProofIssued>(`${deps.api.ssoApi}/user/security/proof/`, body),
          (seconds) => (lockedUntil.value = deps.now() + seconds * 1000),
        ),
      {
        inline: (key) => (key === 'too_many_attempts_login' ? 'password' : undefined),
      },
    );
    if (!answer) return null;
    password.value = '';
    return answer.proof;
  }

  return {
    password,
    by,
    codes,
    lockedUntil,
    canUseCode: deps.proofContact !== undefined,

    /** The proof for the typed password; null when there is none (the form says why). */
    async withPassword(): Promise<string | null> {
      form.reset();
      if (!password.value) {
        form.setError('password', 'field_required');
        return null;
      }
      return request({ password: password.value });
    },

    /** The other way: a code to the account's own contact. */
    async switchToCode(): Promise<void> {
      form.reset();
      const own = deps.proofContact;
      if (own && (await codes.send(own, channelOf(own)))) by.value = 'code';
    },

    switchToPassword(): void {
      form.reset();
      by.value = 'password';
    },

    /** The proof for the typed code; null when there is none (the form says why). */
    async withCode(): Promise<string | null> {
      const typed = codes.typed();
      if (!typed) return null;
      const requestId = await form.attempt(() => checkCode(deps.api, PROOF_PURPOSE, typed.contact, typed.code));
      return requestId ? request({ request_id: requestId }) : null;
    },
  };
}

export type StepUp = ReturnType<typeof createStepUp>;
