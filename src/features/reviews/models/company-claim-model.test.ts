import { describe, expect, it, vi } from 'vitest';
import type { ShowError } from '../../../lib/form';
import type { CompaniesApi, MyCompany } from '../api/companies-api';
import { createCompanyClaimModel } from './company-claim-model';
import { fakeCompaniesApi } from '../test-support/companies-fakes';

const pdf = (size = 1000) => new File([new Uint8Array(size)], 'guvohnoma.pdf', { type: 'application/pdf' });

function claimModel(api: CompaniesApi, showError: ShowError = vi.fn<ShowError>(() => null)) {
  const onClaimed = vi.fn<(company: MyCompany) => void>();
  return { model: createCompanyClaimModel({ api, showError, onClaimed }), onClaimed };
}

describe('claiming a company', () => {
  it('says a wrong taxpayer number and a missing proof beside their fields, sends nothing and keeps what was typed', async () => {
    const api = fakeCompaniesApi();
    const { model } = claimModel(api);
    model.name.set('Choyxona');
    model.taxpayer.set('123 456 789');
    await model.submit();
    expect(model.form.errors.value).toEqual({
      taxpayer_number: 'taxpayer_number_invalid',
      proof: 'claim_proof_required',
    });
    expect([model.name.value, model.taxpayer.value]).toEqual(['Choyxona', '123 456 789']);
    expect(api.claim).not.toHaveBeenCalled();
  });

  it('refuses a file the server would refuse, beside the field, and keeps a good one', () => {
    const { model } = claimModel(fakeCompaniesApi());
    model.pick(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect([model.proof.value, model.form.errors.value['proof']]).toEqual([null, 'invalid_attachment_type']);
    model.pick(pdf(5 * 1024 * 1024 + 1));
    expect(model.form.errors.value['proof']).toBe('file_too_large');
    model.pick(pdf());
    expect([model.proof.value?.name, model.form.errors.value['proof']]).toEqual(['guvohnoma.pdf', undefined]);
  });

  it('sends the number as digits with the category and the proof, and hands back the company in moderation', async () => {
    const api = fakeCompaniesApi();
    const { model, onClaimed } = claimModel(api);
    model.name.set('  Choyxona  ');
    model.taxpayer.set('305-441 236');
    model.category.set('cafe');
    model.pick(pdf());
    await model.submit();
    expect(api.claim).toHaveBeenCalledWith(
      { name: 'Choyxona', taxpayer_number: '305441236', category: 'cafe' },
      model.proof.value,
    );
    expect(onClaimed).toHaveBeenCalledWith(expect.objectContaining({ name: 'Choyxona', status: 'in_moderation' }));
  });

  it('puts every field error of the server beside its field, and a claim already made beside the number', async () => {
    const refusal = {
      status: 400,
      data: {
        errors: [
          { error: 'invalid_attachment_type', field: 'proof' },
          { error: 'field_too_long', field: 'name' },
        ],
      },
    };
    const showError = vi.fn<ShowError>(() => ({ key: 'invalid_attachment_type', field: 'proof' }));
    const claim = vi.fn<CompaniesApi['claim']>().mockRejectedValue(refusal);
    const { model, onClaimed } = claimModel(fakeCompaniesApi({ claim }), showError);
    model.name.set('Choyxona');
    model.taxpayer.set('305441236');
    model.pick(pdf());
    await model.submit();
    expect(model.form.errors.value).toEqual({ proof: 'invalid_attachment_type', name: 'field_too_long' });
    expect(onClaimed).not.toHaveBeenCalled();

    const inlineShown = vi.fn<ShowError>((_error, inline) => {
      const field = inline?.('company_already_claimed');
      return field ? { key: 'company_already_claimed', field } : null;
    });
    const again = claimModel(
      fakeCompaniesApi({ claim: vi.fn<CompaniesApi['claim']>().mockRejectedValue({ status: 409 }) }),
      inlineShown,
    );
    again.model.name.set('Choyxona');
    again.model.taxpayer.set('305441236');
    again.model.pick(pdf());
    await again.model.submit();
    expect(again.model.form.errors.value).toEqual({ taxpayer_number: 'company_already_claimed' });
  });
});
