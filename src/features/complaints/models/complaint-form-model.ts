/**
 * The complaint form (/help-center/my-complaints?new=1, docs/api.md, Complaints): a category, a
 * subject, the text, up to 3 files, and where the answer goes. Signed in, the account's own contact;
 * signed out, a phone or e-mail proven by a one-time code of the section `complaint` (its proof,
 * `request_id`, goes with the form). Everything typed stays through a refusal: each server key is put
 * beside its field and the form is shown again.
 */
import { signal } from '@preact/signals-react';
import type { CatalogueKey } from '../../../../server/src/contract/error-keys.js';
import {
  COMPLAINT_CATEGORY_VALUES,
  COMPLAINT_SUBJECT_MAX_LENGTH,
  COMPLAINT_TEXT_MAX_LENGTH,
  type ComplaintCategoryValue,
} from '../../../../server/src/contract/complaints.js';
import { checkCode } from '../../../components/verification/check-code';
import { createCodeSender, type Channel } from '../../../components/verification/code-sender';
import type { CodeApi, Contact } from '../../../components/verification/contact';
import { createContactInput } from '../../../components/verification/contact-input';
import { displayKey } from '../../../lib/api-error';
import { createForm, type ShowError } from '../../../lib/form';
import { moreFieldErrors } from '../../../lib/more-field-errors';
import type { ComplaintFiled, ComplaintsApi } from '../api/complaints-api';
import { addAttachments } from './attachments';

export const COMPLAINT_PURPOSE = 'complaint';

export interface ComplaintFormDeps {
  api: ComplaintsApi;
  codeApi: CodeApi;
  showError: ShowError;
  now: () => number;
  announce: (key: CatalogueKey, to: string) => void;
  /** Whether the person is signed in now (the answer goes to the account's contact then). */
  signedIn: () => boolean;
  onFiled: (filed: ComplaintFiled) => void;
}

/** The server's keys that say the code's proof is spent or gone: a new code is needed. */
const SPENT_PROOF: readonly string[] = ['request_id_error', 'unique_request_id'];

export function createComplaintFormModel(deps: ComplaintFormDeps) {
  const form = createForm(deps.showError);
  const category = form.field<ComplaintCategoryValue | ''>('category', '');
  const subject = form.field('subject', '');
  const text = form.field('text', '');
  const attachments = signal<File[]>([]);
  const contact = createContactInput(form);
  const codes = createCodeSender({
    api: deps.codeApi,
    form,
    now: deps.now,
    announce: deps.announce,
    purposeOf: () => COMPLAINT_PURPOSE,
  });
  const step = signal<'form' | 'code'>('form');
  let proven: { contact: Contact; requestId: string } | null = null;

  /** The form's own checks, the server's limits; false with each wrong field told. */
  function checked(): boolean {
    form.reset();
    if (!COMPLAINT_CATEGORY_VALUES.includes(category.value as ComplaintCategoryValue))
      form.setError('category', 'field_required');
    const fields = [
      [subject, COMPLAINT_SUBJECT_MAX_LENGTH],
      [text, COMPLAINT_TEXT_MAX_LENGTH],
    ] as const;
    for (const [field, max] of fields) {
      const value = field.value.trim();
      if (value === '') form.setError(field.name, 'field_required');
      else if (value.length > max) form.setError(field.name, 'field_too_long');
    }
    return Object.keys(form.errors.peek()).length === 0;
  }

  /** Where a server field's error shows: the proof and the contact beside the contact. */
  const fieldOf = (field: string) =>
    field === 'request_id' ? contact.type.peek() : field === 'contact' ? 'contact' : field;

  async function file(requestId: string | undefined): Promise<void> {
    let refusal: unknown;
    const filed = await form.attempt(
      () =>
        deps.api
          .file({
            category: category.value as ComplaintCategoryValue,
            subject: subject.value.trim(),
            text: text.value.trim(),
            attachments: attachments.value,
            ...(requestId ? { requestId } : {}),
          })
          .catch((error: unknown) => {
            refusal = error;
            throw error;
          }),
      { fieldOf },
    );
    step.value = 'form';
    if (filed) return deps.onFiled(filed);
    for (const more of moreFieldErrors(refusal)) form.setError(fieldOf(more.field), more.key);
    const first = (refusal as { data?: { errors?: { error?: string }[] } } | undefined)?.data?.errors?.[0]?.error;
    if (first && SPENT_PROOF.includes(displayKey(first))) proven = null;
  }

  return {
    form,
    category,
    subject,
    text,
    attachments,
    contact,
    codes,
    step,

    /** Adds picked files, each checked as the server would; the first refusal shows beside the field. */
    pick(files: readonly File[]): void {
      const { files: kept, problem } = addAttachments(attachments.peek(), files);
      attachments.value = kept;
      if (problem) form.setError('attachment', problem);
      else form.clearError('attachment');
    },
    remove(index: number): void {
      attachments.value = attachments.peek().filter((_, at) => at !== index);
      form.clearError('attachment');
    },

    /** Sends the form; signed out and not yet proven, first sends the code to the contact typed. */
    async submit(how?: Channel): Promise<void> {
      if (form.busy.peek() || !checked()) return;
      if (deps.signedIn()) return file(undefined);
      const to = contact.read();
      if (!to) return;
      if (proven && proven.contact.type === to.type && proven.contact.value === to.value) return file(proven.requestId);
      proven = null;
      if (await codes.send(to, how ?? (to.type === 'phone' ? 'sms' : 'email'))) step.value = 'code';
    },

    /** Checks the typed code, then sends the form with its proof. */
    async confirm(): Promise<void> {
      const typed = codes.typed();
      if (!typed) return;
      const requestId = await form.attempt(() => checkCode(deps.codeApi, COMPLAINT_PURPOSE, typed.contact, typed.code));
      if (!requestId) return;
      proven = { contact: typed.contact, requestId };
      await file(requestId);
    },

    back(): void {
      step.value = 'form';
      form.reset();
    },
  };
}

export type ComplaintFormModel = ReturnType<typeof createComplaintFormModel>;
