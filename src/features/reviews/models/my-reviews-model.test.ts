import { describe, expect, it, vi } from 'vitest';
import type { ShowError } from '../../../lib/form';
import type { MyReview, ReviewsApi } from '../api/reviews-api';
import { createMyReviewsModel, myReviewsAddress, myReviewsQuery } from './my-reviews-model';
import { createReviewEditModel } from './review-edit-model';

const review = (id: string, overrides: Partial<MyReview> = {}): MyReview => ({
  id,
  company: { id: 'c1', name: 'Choyxona', logo: null, link: '/company/choyxona' },
  rating: 4.5,
  text: 'Good tea and quick service.',
  attachments: [
    { path: 'reviews/1.jpg', kind: 'image' },
    { path: 'reviews/2.mp4', kind: 'video' },
  ],
  status: 'published',
  reason: null,
  reply: null,
  helpful: 3,
  created_at: '2026-11-20T10:00:00Z',
  edited_at: null,
  ...overrides,
});

function fakeApi(overrides: Partial<ReviewsApi> = {}): ReviewsApi {
  return {
    list: vi.fn<ReviewsApi['list']>(async () => ({ count: 12, results: [review('r1'), review('r2')] })),
    edit: vi.fn<ReviewsApi['edit']>(async (id: string) => review(id, { status: 'in_moderation' })),
    remove: vi.fn<ReviewsApi['remove']>(async () => undefined),
    achievements: vi.fn<ReviewsApi['achievements']>(async () => ({ results: [] })),
    ...overrides,
  };
}

describe('the address of my reviews', () => {
  it('reads the status and page, and drops what it does not know', () => {
    expect(myReviewsQuery('?status=rejected&page=3')).toEqual({ status: 'rejected', page: 3 });
    expect(myReviewsQuery('?status=deleted&page=-2')).toEqual({ status: null, page: 1 });
    expect(myReviewsQuery('?page=0')).toEqual({ status: null, page: 1 });
  });

  it('writes page 1 and "all" as the bare path', () => {
    expect(myReviewsAddress({ status: null, page: 1 })).toBe('/projects/review/my-reviews');
    expect(myReviewsAddress({ status: 'in_moderation', page: 2 })).toBe(
      '/projects/review/my-reviews?status=in_moderation&page=2',
    );
  });
});

describe('my reviews', () => {
  it('asks the server for the status and page, and counts the pages', async () => {
    const api = fakeApi();
    const model = createMyReviewsModel({ api, showError: vi.fn<ShowError>(() => null) });
    await model.load({ status: 'published', page: 2 });
    expect(api.list).toHaveBeenCalledWith('published', 2, 10);
    expect(model.state.value).toBe('ready');
    expect(model.pages.value).toBe(2);
  });

  it('says a failed load and loads again on retry', async () => {
    const showError = vi.fn<ShowError>(() => null);
    const list = vi
      .fn<ReviewsApi['list']>()
      .mockRejectedValueOnce({ status: 500 })
      .mockResolvedValue({ count: 0, results: [] });
    const model = createMyReviewsModel({ api: fakeApi({ list }), showError });
    await model.load({ status: null, page: 1 });
    expect(model.state.value).toBe('failed');
    expect(showError).toHaveBeenCalled();
    await model.retry();
    expect(model.state.value).toBe('ready');
  });

  it('drops a deleted review from the list, and keeps it when the call fails', async () => {
    const remove = vi.fn<ReviewsApi['remove']>().mockRejectedValueOnce({ status: 404 }).mockResolvedValue(undefined);
    const model = createMyReviewsModel({ api: fakeApi({ remove }), showError: vi.fn<ShowError>(() => null) });
    await model.load({ status: null, page: 1 });
    expect(await model.remove('r1')).toBe(false);
    expect(model.data.value.results.map((item) => item.id)).toEqual(['r1', 'r2']);
    expect(await model.remove('r1')).toBe(true);
    expect(model.data.value.results.map((item) => item.id)).toEqual(['r2']);
    expect(model.data.value.count).toBe(11);
  });
});

describe('editing a review', () => {
  it('sends only what changed, and the review comes back in moderation', async () => {
    const api = fakeApi();
    const onSaved = vi.fn<(review: MyReview) => void>();
    const model = createReviewEditModel({
      api,
      showError: vi.fn<ShowError>(() => null),
      review: review('r1'),
      onSaved,
    });
    model.rating.set(3.5);
    model.toggle('reviews/2.mp4');
    await model.save();
    expect(api.edit).toHaveBeenCalledWith('r1', { rating: 3.5, attachments: ['reviews/1.jpg'] });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 'r1', status: 'in_moderation' }));
  });

  it('says a text too short beside the field and sends nothing', async () => {
    const api = fakeApi();
    const model = createReviewEditModel({
      api,
      showError: vi.fn<ShowError>(() => null),
      review: review('r1'),
      onSaved: vi.fn<(review: MyReview) => void>(),
    });
    model.text.set('  short  ');
    await model.save();
    expect(model.text.error.value).toBe('review_text_too_short');
    expect(api.edit).not.toHaveBeenCalled();
  });

  it('puts the server’s field error beside the field', async () => {
    const showError = vi.fn<ShowError>(() => ({ key: 'review_rating_invalid', field: 'rating' }));
    const edit = vi.fn<ReviewsApi['edit']>().mockRejectedValue({ status: 400 });
    const model = createReviewEditModel({
      api: fakeApi({ edit }),
      showError,
      review: review('r1'),
      onSaved: vi.fn<(review: MyReview) => void>(),
    });
    model.rating.set(2);
    await model.save();
    expect(model.rating.error.value).toBe('review_rating_invalid');
    expect(model.rating.value).toBe(2);
  });
});
