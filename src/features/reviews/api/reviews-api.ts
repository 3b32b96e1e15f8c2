import type {
  AchievementList,
  MyReview,
  MyReviewPage,
  ReviewChanges,
  ReviewStatus,
} from '../../../../server/src/contract/reviews.js';
import type { Http } from '../../../lib/http';

export type { AchievementList, MyReview, MyReviewPage, ReviewChanges, ReviewStatus };

/** The reviews API's base (docs/api.md, Reviews): same origin as the other account APIs. */
export const REVIEWS_API = '/reviews/api/v1';

/** The account's side of the reviews site (docs/api.md, Reviews), under /reviews/api/v1/. */
export function reviewsApi(http: Http, base = REVIEWS_API) {
  const reviews = `${base}/reviews/`;
  const one = (id: string) => `${reviews}${encodeURIComponent(id)}/`;
  return {
    list(status: ReviewStatus | null, page: number, pageSize: number) {
      const params: Record<string, string> = { page: String(page), page_size: String(pageSize) };
      if (status) params['status'] = status;
      return http.get<MyReviewPage>(reviews, { params });
    },
    edit: (id: string, changes: ReviewChanges) => http.patch<MyReview>(one(id), changes),
    remove: (id: string) => http.delete<void>(one(id)),
    achievements: () => http.get<AchievementList>(`${base}/achievements/`),
  };
}

export type ReviewsApi = ReturnType<typeof reviewsApi>;
