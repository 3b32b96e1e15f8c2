/**
 * The account's own reviews (docs/api.md, Reviews): `GET reviews/` (paged, by status), `PATCH
 * reviews/{id}/` and `DELETE reviews/{id}/`. Every query names the account, so another's review is a 404
 * like a missing one. A changed review goes back to moderation (docs/reviews.md, Editing). `POST reviews/`
 * is the reviews site's write: a new review starts in moderation (docs/reviews.md, Writing).
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import {
  ratingHalves,
  REVIEW_ATTACHMENTS_MAX,
  REVIEW_STATUSES,
  REVIEW_TEXT_MAX_LENGTH,
  REVIEW_TEXT_MIN_LENGTH,
  REVIEWS_MAX_PAGE_SIZE,
  type MyReview,
  type MyReviewPage,
  type NewReview,
  type ReviewChanges,
} from '../../contract/reviews.js';
import { ApiError, badRequest, tooManyRequests } from '../../lib/api-error.js';
import { pageEntries } from '../../lib/page-query.js';
import { parseWith, readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { randomId } from '../../lib/secrets.js';
import { createRateLimiter } from '../../services/rate-limiter.js';
import { myReviews } from '../../services/reviews/review-views.js';
import type { Review } from '../../storage/storage.js';
import type { ReviewDeps } from './review-deps.js';
import { trimmedText } from './review-fields.js';

const listQuery = v.strictObject({
  status: v.optional(v.picklist(REVIEW_STATUSES, 'invalid_value')),
  ...pageEntries(REVIEWS_MAX_PAGE_SIZE),
});

/** docs/reviews.md, Writing: at most five new reviews an hour per account. */
const WRITES_PER_WINDOW = 5;
const WRITE_WINDOW_SECONDS = 60 * 60;

const reviewText = trimmedText(REVIEW_TEXT_MIN_LENGTH, REVIEW_TEXT_MAX_LENGTH, 'review_text_too_short');
const rating = v.pipe(
  v.number('review_rating_invalid'),
  v.check((value) => ratingHalves(value) !== null, 'review_rating_invalid'),
);

const newReviewSchema = requestSchema<NewReview>()(
  v.strictObject({
    company: v.pipe(v.string('field_required'), v.minLength(1, 'field_required'), v.maxLength(64, 'company_not_found')),
    rating,
    text: reviewText,
  }),
);

const changesSchema = requestSchema<ReviewChanges>()(
  v.strictObject({
    text: v.optional(reviewText),
    rating: v.optional(rating),
    attachments: v.optional(
      v.pipe(
        v.array(
          v.pipe(v.string('review_attachment_unknown'), v.maxLength(500, 'review_attachment_unknown')),
          'invalid_value',
        ),
        v.maxLength(REVIEW_ATTACHMENTS_MAX, 'review_attachments_too_many'),
      ),
    ),
  }),
);

export const reviewNotFound = () => new ApiError(404, [{ error: 'review_not_found' }]);

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function myReviewRoutes({ storage, clock, sessions }: ReviewDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);
  const writes = createRateLimiter(storage, clock, {
    scope: 'review-writes',
    limit: WRITES_PER_WINDOW,
    windowSeconds: WRITE_WINDOW_SECONDS,
  });

  async function shown(review: Review): Promise<MyReview> {
    const [view] = await myReviews(storage, [review]);
    if (!view) throw reviewNotFound();
    return view;
  }

  app.get('/reviews/', auth, async (c) => {
    const { user } = c.get('auth');
    const { status, page, page_size: pageSize } = parseWith(listQuery, c.req.query());
    const { count, results } = await storage.reviews.listOfUser(
      user.id,
      status ?? null,
      (page - 1) * pageSize,
      pageSize,
    );
    return c.json({ count, results: await myReviews(storage, results) } satisfies MyReviewPage);
  });

  app.post('/reviews/', auth, requireActive, async (c) => {
    const { user } = c.get('auth');
    const body = await readJsonBody(c, newReviewSchema);
    const company = await storage.companies.find(body.company);
    if (!company) throw new ApiError(404, [{ error: 'company_not_found', field: 'company' }]);
    // A manager's word on their own company is not a review (docs/reviews.md, Writing).
    if (await storage.claims.isManager(company.id, user.id))
      throw new ApiError(409, [{ error: 'review_own_company', field: 'company' }]);
    // Counted once the review would be written: a body refused for a field does not use up a turn.
    const retryAfter = await writes.hit(`user:${user.id}`);
    if (retryAfter > 0) throw tooManyRequests('review_writes_too_many', retryAfter);
    const review: Review = {
      id: randomId(),
      companyId: company.id,
      userId: user.id,
      ratingHalves: ratingHalves(body.rating) ?? 2,
      text: body.text,
      attachments: [],
      status: 'in_moderation',
      reason: null,
      createdAt: clock.now(),
      editedAt: null,
    };
    await storage.reviews.insert(review);
    return c.json(await shown(review), 201);
  });

  app.get('/reviews/:id/', auth, async (c) => {
    const review = await storage.reviews.findOfUser(c.req.param('id'), c.get('auth').user.id);
    if (!review) throw reviewNotFound();
    return c.json(await shown(review));
  });

  app.patch('/reviews/:id/', auth, requireActive, async (c) => {
    const { user } = c.get('auth');
    const body = await readJsonBody(c, changesSchema);
    const review = await storage.reviews.findOfUser(c.req.param('id'), user.id);
    if (!review) throw reviewNotFound();
    // New photos and videos are uploaded on the reviews site; here a review keeps or drops its own.
    const attachments = body.attachments ?? review.attachments;
    if (
      new Set(attachments).size !== attachments.length ||
      attachments.some((path) => !review.attachments.includes(path))
    )
      throw badRequest('review_attachment_unknown', 'attachments');
    const next = {
      ratingHalves:
        body.rating === undefined ? review.ratingHalves : (ratingHalves(body.rating) ?? review.ratingHalves),
      text: body.text ?? review.text,
      attachments,
    };
    const unchanged =
      next.ratingHalves === review.ratingHalves &&
      next.text === review.text &&
      sameList(attachments, review.attachments);
    if (unchanged) return c.json(await shown(review));
    const changes = { ...next, status: 'in_moderation' as const, reason: null };
    if (!(await storage.reviews.edit(review.id, user.id, changes, clock.now()))) throw reviewNotFound();
    return c.json(await shown({ ...review, ...changes, editedAt: clock.now() }));
  });

  app.delete('/reviews/:id/', auth, requireActive, async (c) => {
    if (!(await storage.reviews.remove(c.req.param('id'), c.get('auth').user.id))) throw reviewNotFound();
    return c.body(null, 204);
  });

  return app;
}
