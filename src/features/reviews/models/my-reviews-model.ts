/**
 * My reviews (/projects/review/my-reviews, issue 42): the account's reviews a page at a time, newest
 * first, filtered by status. The status and the page live in the address (`status`, `page`), so a view
 * can be linked and the browser's Back returns to it. The server pages and filters (docs/api.md, Reviews).
 */
import { computed, signal } from '@preact/signals-react';
import { REVIEW_STATUSES } from '../../../../server/src/contract/reviews.js';
import type { ShowError } from '../../../lib/form';
import { createScreenLoad } from '../../../lib/screen-load';
import type { MyReview, MyReviewPage, ReviewStatus, ReviewsApi } from '../api/reviews-api';

export const MY_REVIEWS_PATH = '/projects/review/my-reviews';
export const MY_REVIEWS_PAGE_SIZE = 10;

export interface MyReviewsQuery {
  status: ReviewStatus | null;
  page: number;
}

/** The status and page an address asks for; anything unknown is "all" and page 1. */
export function myReviewsQuery(search: string): MyReviewsQuery {
  const params = new URLSearchParams(search);
  const raw = params.get('status');
  const status = (REVIEW_STATUSES as readonly string[]).includes(raw ?? '') ? (raw as ReviewStatus) : null;
  const page = /^\d{1,6}$/.test(params.get('page') ?? '') ? Number(params.get('page')) : 1;
  return { status, page: page >= 1 ? page : 1 };
}

/** The address of a view (page 1 and "all" left out). */
export function myReviewsAddress(query: MyReviewsQuery): string {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  const text = params.toString();
  return `${MY_REVIEWS_PATH}${text ? `?${text}` : ''}`;
}

export function createMyReviewsModel(deps: { api: ReviewsApi; showError: ShowError }) {
  const data = signal<MyReviewPage>({ count: 0, results: [] });
  const pages = computed(() => Math.max(1, Math.ceil(data.value.count / MY_REVIEWS_PAGE_SIZE)));
  /** The review being deleted, while its call runs. */
  const deleting = signal<string | null>(null);
  let query: MyReviewsQuery = { status: null, page: 1 };
  // Only the answer to the latest request is shown, however the answers arrive.
  let latest = 0;
  const screen = createScreenLoad(deps.showError, async () => {
    const ticket = ++latest;
    const answer = await deps.api.list(query.status, query.page, MY_REVIEWS_PAGE_SIZE);
    if (ticket === latest) data.value = answer;
  });

  function load(next: MyReviewsQuery): Promise<void> {
    query = next;
    screen.state.value = 'loading';
    return screen.load();
  }

  /** A review changed by the edit form: shown as the server answered it. */
  function replace(review: MyReview): void {
    data.value = { ...data.value, results: data.value.results.map((item) => (item.id === review.id ? review : item)) };
  }

  /** Deletes after the person confirmed; the list drops it. True when it went. */
  async function remove(id: string): Promise<boolean> {
    if (deleting.peek()) return false;
    deleting.value = id;
    try {
      await deps.api.remove(id);
      data.value = {
        count: Math.max(0, data.value.count - 1),
        results: data.value.results.filter((item) => item.id !== id),
      };
      return true;
    } catch (error) {
      deps.showError(error);
      return false;
    } finally {
      deleting.value = null;
    }
  }

  return { state: screen.state, data, pages, deleting, load, retry: () => load(query), replace, remove };
}

export type MyReviewsModel = ReturnType<typeof createMyReviewsModel>;
