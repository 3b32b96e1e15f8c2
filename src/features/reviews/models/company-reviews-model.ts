/**
 * Answering as the company (/projects/review/my-companies?company={id}): an approved company's published
 * reviews a page at a time, newest first (docs/api.md, GET companies/{id}/reviews/), each with its reply.
 * A company that is not this account's approved one (or no company) is the server's 404: `missing`, said
 * as such with the way back, since trying again would not help.
 */
import { computed, signal } from '@preact/signals-react';
import type { ShowError } from '../../../lib/form';
import { createScreenLoad } from '../../../lib/screen-load';
import type { CompaniesApi, CompanyReview, CompanyReviewPage } from '../api/companies-api';

export const COMPANY_REVIEWS_PAGE_SIZE = 10;

export function createCompanyReviewsModel(deps: { api: CompaniesApi; showError: ShowError }) {
  const data = signal<CompanyReviewPage>({ count: 0, results: [] });
  const pages = computed(() => Math.max(1, Math.ceil(data.value.count / COMPANY_REVIEWS_PAGE_SIZE)));
  let query = { id: '', page: 1 };
  // Only the answer to the latest request is shown, however the answers arrive.
  let latest = 0;
  const missing = signal(false);
  const screen = createScreenLoad(deps.showError, async () => {
    const ticket = ++latest;
    try {
      const answer = await deps.api.reviews(query.id, query.page, COMPANY_REVIEWS_PAGE_SIZE);
      if (ticket === latest) [data.value, missing.value] = [answer, false];
    } catch (error) {
      if ((error as { status?: number } | null)?.status !== 404) throw error;
      if (ticket === latest) [data.value, missing.value] = [{ count: 0, results: [] }, true];
    }
  });

  function load(next: { id: string; page: number }): Promise<void> {
    query = next;
    screen.state.value = 'loading';
    return screen.load();
  }

  /** A review answered: shown as the server returned it. */
  function replace(review: CompanyReview): void {
    data.value = { ...data.value, results: data.value.results.map((item) => (item.id === review.id ? review : item)) };
  }

  return { state: screen.state, data, pages, missing, load, retry: () => load(query), replace };
}

export type CompanyReviewsModel = ReturnType<typeof createCompanyReviewsModel>;
