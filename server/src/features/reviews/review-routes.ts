/**
 * `/reviews/api/v1` (issue 42, docs/api.md, Reviews): the account's view of the reviews site, its own
 * reviews, the companies it manages or claims, and its achievements. app.ts puts the Account-Id check
 * and the body limits in front.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { achievementRoutes } from './achievement-routes.js';
import { companyRoutes } from './company-routes.js';
import { myReviewRoutes } from './my-review-routes.js';
import type { ReviewDeps } from './review-deps.js';

export { operatorReviewRoutes } from './operator-review-routes.js';

export const REVIEWS_API_PATH = '/reviews/api/v1';
/** The claim's multipart body has its own limit (claim-form.ts); every other body is small JSON. */
export const CLAIMS_PATH = `${REVIEWS_API_PATH}/companies/claims/`;

export function reviewRoutes(deps: ReviewDeps) {
  const app = new Hono<AppEnv>();
  app.route('/', myReviewRoutes(deps));
  app.route('/', companyRoutes(deps));
  app.route('/', achievementRoutes(deps));
  return app;
}
