/**
 * The account's own reviews (docs/api.md, Reviews): `GET reviews/` (paged, by status), `PATCH
 * reviews/{id}/` and `DELETE reviews/{id}/`. Every query names the account, so another's review is a 404
 * like a missing one. A changed review goes back to moderation (docs/reviews.md, Editing).
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
  type ReviewChanges,
} from '../../contract/reviews.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { pageEntries } from '../../lib/page-query.js';
import { parseWith, readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { myReviews } from '../../services/reviews/review-views.js';
import type { Review } from '../../storage/storage.js';
import type { ReviewDeps } from './review-deps.js';
import { trimmedText } from './review-fields.js';

const listQuery = v.strictObject({
  status: v.optional(v.picklist(REVIEW_STATUSES, 'invalid_value')),
  ...pageEntries(REVIEWS_MAX_PAGE_SIZE),
});

const changesSchema = requestSchema<ReviewChanges>()(
  v.strictObject({
    text: v.optional(trimmedText(REVIEW_TEXT_MIN_LENGTH, REVIEW_TEXT_MAX_LENGTH, 'review_text_too_short')),
    rating: v.optional(
      v.pipe(
        v.number('review_rating_invalid'),
        v.check((value) => ratingHalves(value) !== null, 'review_rating_invalid'),
      ),
    ),
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
