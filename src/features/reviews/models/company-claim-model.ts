/**
 * Claiming a company (/projects/review/my-companies?claim=1, docs/api.md, POST companies/claims/): its
 * name, its taxpayer number (STIR), a category and one proof document. Each field is checked here as the
 * server checks it (contract/reviews.ts, lib/document-file.ts), so the error shows beside the field at
 * once; the server's keys stay the last word and go beside their fields too. Nothing typed is lost
 * through a refusal.
 */
import { signal } from '@preact/signals-react';
import {
  CLAIM_PROOF_MAX_BYTES,
  COMPANY_NAME_MAX_LENGTH,
  taxpayerNumber,
} from '../../../../server/src/contract/reviews.js';
import { documentProblem } from '../../../lib/document-file';
import { createForm, type ShowError } from '../../../lib/form';
import { moreFieldErrors } from '../../../lib/more-field-errors';
import type { CompaniesApi, MyCompany } from '../api/companies-api';
import type { CompanyCategory } from './my-companies-model';

export function createCompanyClaimModel(deps: {
  api: CompaniesApi;
  showError: ShowError;
  onClaimed: (company: MyCompany) => void;
}) {
  const form = createForm(deps.showError);
  const name = form.field('name', '');
  const taxpayer = form.field('taxpayer_number', '');
  const category = form.field<CompanyCategory | ''>('category', '');
  const proof = signal<File | null>(null);

  /** The form's own checks, the server's rules; false with each wrong field told. */
  function checked(): boolean {
    form.reset();
    const typedName = name.value.trim();
    if (typedName === '') form.setError(name.name, 'field_required');
    else if (typedName.length > COMPANY_NAME_MAX_LENGTH) form.setError(name.name, 'field_too_long');
    if (taxpayer.value.trim() === '') form.setError(taxpayer.name, 'field_required');
    else if (taxpayerNumber(taxpayer.value) === null) form.setError(taxpayer.name, 'taxpayer_number_invalid');
    if (!proof.value) form.setError('proof', 'claim_proof_required');
    return Object.keys(form.errors.peek()).length === 0;
  }

  /** A refusal without a field that is about one: a claim already made is about its number. */
  const inline = (key: string) => (key === 'company_already_claimed' ? taxpayer.name : undefined);

  return {
    form,
    name,
    taxpayer,
    category,
    proof,

    /** A picked file, checked as the server would; a refused one is said beside the field and not kept. */
    pick(file: File): void {
      const problem = documentProblem(file, CLAIM_PROOF_MAX_BYTES);
      if (problem) {
        proof.value = null;
        form.setError('proof', problem);
      } else {
        proof.value = file;
        form.clearError('proof');
      }
    },
    removeProof(): void {
      proof.value = null;
      form.clearError('proof');
    },

    async submit(): Promise<void> {
      if (form.busy.peek() || !checked()) return;
      let refusal: unknown;
      const claimed = await form.attempt(
        () =>
          deps.api
            .claim(
              {
                name: name.value.trim(),
                taxpayer_number: taxpayerNumber(taxpayer.value) ?? taxpayer.value,
                ...(category.value ? { category: category.value } : {}),
              },
              proof.value as File,
            )
            .catch((error: unknown) => {
              refusal = error;
              throw error;
            }),
        { inline },
      );
      if (claimed) return deps.onClaimed(claimed);
      for (const more of moreFieldErrors(refusal)) form.setError(more.field, more.key);
    },
  };
}

export type CompanyClaimModel = ReturnType<typeof createCompanyClaimModel>;
