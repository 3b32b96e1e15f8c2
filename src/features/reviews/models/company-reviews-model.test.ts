import { describe, expect, it, vi } from 'vitest';
import type { ShowError } from '../../../lib/form';
import type { CompaniesApi, CompanyReview } from '../api/companies-api';
import { createCompanyReviewsModel } from './company-reviews-model';
import { fakeCompaniesApi } from '../test-support/companies-fakes';
import { createReplyModel } from './reply-model';

const review = (id: string, overrides: Partial<CompanyReview> = {}): CompanyReview => ({
  id,
  author: 'Aziz K.',
  rating: 5,
  text: 'Eng mazali osh shu yerda.',
  attachments: [],
  reply: null,
  helpful: 0,
  created_at: '2026-11-20T10:00:00Z',
  ...overrides,
});

describe('a company’s reviews to answer', () => {
  it('asks for the company’s page and counts the pages; a reply replaces its review', async () => {
    const reviews = vi.fn<CompaniesApi['reviews']>(async () => ({ count: 11, results: [review('r1'), review('r2')] }));
    const model = createCompanyReviewsModel({
      api: fakeCompaniesApi({ reviews }),
      showError: vi.fn<ShowError>(() => null),
    });
    await model.load({ id: 'c1', page: 2 });
    expect(reviews).toHaveBeenCalledWith('c1', 2, 10);
    expect([model.state.value, model.pages.value]).toEqual(['ready', 2]);
    model.replace(review('r2', { reply: { text: 'Rahmat!', created_at: 'x', updated_at: 'x' } }));
    expect(model.data.value.results.map((item) => item.reply?.text ?? null)).toEqual([null, 'Rahmat!']);
  });

  it('says a company that is not the account’s as missing, and another failure as a failed load', async () => {
    const showError = vi.fn<ShowError>(() => null);
    const reviews = vi
      .fn<CompaniesApi['reviews']>()
      .mockRejectedValueOnce({ status: 404 })
      .mockRejectedValueOnce({ status: 500 });
    const model = createCompanyReviewsModel({ api: fakeCompaniesApi({ reviews }), showError });
    await model.load({ id: 'other', page: 1 });
    expect([model.state.value, model.missing.value]).toEqual(['ready', true]);
    await model.retry();
    expect([model.state.value, showError.mock.calls.length]).toEqual(['failed', 1]);
  });
});

describe('replying as the company', () => {
  it('refuses an empty or too long reply beside the field and sends the trimmed text', async () => {
    const answered = review('r1', { reply: { text: 'Rahmat!', created_at: 'x', updated_at: 'x' } });
    const reply = vi.fn<CompaniesApi['reply']>(async () => answered);
    const onSaved = vi.fn<(review: CompanyReview) => void>();
    const model = createReplyModel({
      api: fakeCompaniesApi({ reply }),
      showError: vi.fn<ShowError>(() => null),
      companyId: 'c1',
      review: review('r1'),
      onSaved,
    });
    await model.save();
    expect(model.text.error.value).toBe('field_required');
    model.text.set('x'.repeat(2001));
    await model.save();
    expect(model.text.error.value).toBe('field_too_long');
    expect(reply).not.toHaveBeenCalled();
    model.text.set('  Rahmat!  ');
    await model.save();
    expect(reply).toHaveBeenCalledWith('c1', 'r1', 'Rahmat!');
    expect(onSaved).toHaveBeenCalledWith(answered);
  });

  it('starts from the existing reply when editing it', () => {
    const model = createReplyModel({
      api: fakeCompaniesApi(),
      showError: vi.fn<ShowError>(() => null),
      companyId: 'c1',
      review: review('r1', { reply: { text: 'Old answer', created_at: 'x', updated_at: 'x' } }),
      onSaved: vi.fn<(review: CompanyReview) => void>(),
    });
    expect(model.text.value).toBe('Old answer');
  });
});
