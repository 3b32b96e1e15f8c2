import { describe, expect, it, vi } from 'vitest';
import type { ShowError } from '../../../lib/form';
import type { CompaniesApi } from '../api/companies-api';
import { company, fakeCompaniesApi } from '../test-support/companies-fakes';
import { companiesAddress, companiesView, createMyCompaniesModel, knownCategory } from './my-companies-model';

describe('the address of my companies', () => {
  it('reads the list, the claim form and a company’s reviews with its page', () => {
    expect(companiesView('')).toEqual({ view: 'list' });
    expect(companiesView('?claim=1')).toEqual({ view: 'claim' });
    expect(companiesView('?company=abc-1&page=3')).toEqual({ view: 'company', id: 'abc-1', page: 3 });
    expect(companiesView('?company=abc&page=0')).toEqual({ view: 'company', id: 'abc', page: 1 });
    expect(companiesView('?company=../x')).toEqual({ view: 'list' });
  });

  it('writes each view back, page 1 left out', () => {
    expect(companiesAddress({ view: 'list' })).toBe('/projects/review/my-companies');
    expect(companiesAddress({ view: 'claim' })).toBe('/projects/review/my-companies?claim=1');
    expect(companiesAddress({ view: 'company', id: 'c1', page: 1 })).toBe('/projects/review/my-companies?company=c1');
    expect(companiesAddress({ view: 'company', id: 'c1', page: 2 })).toBe(
      '/projects/review/my-companies?company=c1&page=2',
    );
  });

  it('names a category it knows and leaves another as the server wrote it', () => {
    expect([knownCategory('pharmacy'), knownCategory('Choyxona')]).toEqual(['pharmacy', null]);
  });
});

describe('my companies', () => {
  it('loads the list, says a failure and loads again on retry', async () => {
    const showError = vi.fn<ShowError>(() => null);
    const list = vi
      .fn<CompaniesApi['list']>()
      .mockRejectedValueOnce({ status: 500 })
      .mockResolvedValue({ results: [company('c1')] });
    const model = createMyCompaniesModel({ api: fakeCompaniesApi({ list }), showError });
    await model.load();
    expect([model.state.value, showError.mock.calls.length]).toEqual(['failed', 1]);
    await model.load();
    expect(model.state.value).toBe('ready');
    expect(model.companies.value.map((item) => item.id)).toEqual(['c1']);
  });

  it('puts a new claim first, in place of an older row of the same claim', async () => {
    const model = createMyCompaniesModel({ api: fakeCompaniesApi(), showError: vi.fn<ShowError>(() => null) });
    await model.load();
    model.add(company('c9', { status: 'in_moderation' }));
    model.add(company('c9', { status: 'in_moderation', name: 'Again' }));
    expect(model.companies.value.map((item) => [item.id, item.name])).toEqual([
      ['c9', 'Again'],
      ['c1', 'Rayhon milliy taomlari'],
      ['c2', 'Rayhon milliy taomlari'],
    ]);
  });
});
