/**
 * My companies (/projects/review/my-companies, issue 42): the companies the account manages or claims, one
 * per claim, newest first (docs/api.md, Reviews). One route, three views by the query, as the complaints'
 * page does: the list, the claim form (`claim=1`) and an approved company's reviews to answer
 * (`company={id}`, paged by `page`), so the route table stays as it is and Back returns to the view.
 */
import { signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import { createScreenLoad } from '../../../lib/screen-load';
import type { CompaniesApi, MyCompany } from '../api/companies-api';

export const MY_COMPANIES_PATH = '/projects/review/my-companies';

export type CompaniesView = { view: 'list' } | { view: 'claim' } | { view: 'company'; id: string; page: number };

/** The view an address asks for; anything unknown is the list. */
export function companiesView(search: string): CompaniesView {
  const params = new URLSearchParams(search);
  const id = params.get('company');
  if (id && /^[\w-]{1,64}$/.test(id)) {
    const page = /^\d{1,6}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;
    return { view: 'company', id, page: page >= 1 ? page : 1 };
  }
  return params.get('claim') === '1' ? { view: 'claim' } : { view: 'list' };
}

/** The address of a view (page 1 left out). */
export function companiesAddress(view: CompaniesView): string {
  if (view.view === 'claim') return `${MY_COMPANIES_PATH}?claim=1`;
  if (view.view === 'list') return MY_COMPANIES_PATH;
  const params = new URLSearchParams({ company: view.id });
  if (view.page > 1) params.set('page', String(view.page));
  return `${MY_COMPANIES_PATH}?${params.toString()}`;
}

/**
 * The categories the form offers and the list names in words (the server takes any short text and
 * keeps `other` when none is given); one the list does not know is shown as the server wrote it.
 */
export const COMPANY_CATEGORIES = [
  'cafe',
  'restaurant',
  'shop',
  'shopping_centre',
  'pharmacy',
  'optics',
  'clinic',
  'beauty',
  'education',
  'services',
  'other',
] as const;
export type CompanyCategory = (typeof COMPANY_CATEGORIES)[number];

export const knownCategory = (category: string): CompanyCategory | null =>
  (COMPANY_CATEGORIES as readonly string[]).includes(category) ? (category as CompanyCategory) : null;

export function createMyCompaniesModel(deps: { api: CompaniesApi; showError: ShowError }) {
  const companies = signal<MyCompany[]>([]);
  const screen = createScreenLoad(deps.showError, async () => {
    companies.value = (await deps.api.list()).results;
  });

  function load(): Promise<void> {
    screen.state.value = 'loading';
    return screen.load();
  }

  /** A claim the server took: first in the list (newest first), in place of an older row of its claim. */
  function add(company: MyCompany): void {
    companies.value = [company, ...companies.value.filter((item) => item.claim_id !== company.claim_id)];
  }

  return { state: screen.state, companies, load, add };
}

export type MyCompaniesModel = ReturnType<typeof createMyCompaniesModel>;
