/**
 * What the companies' model tests give them instead of the API: a company as the server answers it and
 * the API's calls as mocks. Only tests import this file.
 */
import { vi } from 'vitest';
import type { CompaniesApi, MyCompany } from '../api/companies-api';

export const company = (id: string, overrides: Partial<MyCompany> = {}): MyCompany => ({
  id,
  claim_id: `claim-${id}`,
  name: 'Rayhon milliy taomlari',
  category: 'restaurant',
  logo: null,
  taxpayer_number: '305441236',
  status: 'approved',
  reason: null,
  rating: 4.5,
  review_count: 3,
  unanswered_count: 2,
  business_link: '/company/rayhon',
  created_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

export function fakeCompaniesApi(overrides: Partial<CompaniesApi> = {}): CompaniesApi {
  return {
    list: vi.fn<CompaniesApi['list']>(async () => ({
      results: [company('c1'), company('c2', { status: 'rejected' })],
    })),
    claim: vi.fn<CompaniesApi['claim']>(async (form) =>
      company('c3', { name: form.name, status: 'in_moderation', rating: null }),
    ),
    reviews: vi.fn<CompaniesApi['reviews']>(async () => ({ count: 0, results: [] })),
    reply: vi.fn<CompaniesApi['reply']>(),
    ...overrides,
  };
}
