/**
 * The companies the account manages (docs/api.md, Reviews): `GET companies/` (one entry per claim, with
 * the published reviews' average rounded to the half, their count and the unanswered ones), `POST
 * companies/claims/` (multipart: a claim in moderation until the operator decides), and, for the
 * approved manager alone, `GET companies/{id}/reviews/` and `POST companies/{id}/reviews/{review}/reply/`.
 * To anyone else a company is a 404, as a missing one is.
 */
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../../app-env.js';
import {
  REPLY_TEXT_MAX_LENGTH,
  REVIEWS_MAX_PAGE_SIZE,
  type CompanyReviewPage,
  type MyCompanyList,
  type ReplyRequest,
} from '../../contract/reviews.js';
import { ApiError, tooManyRequests } from '../../lib/api-error.js';
import { pageQuery } from '../../lib/page-query.js';
import { randomId } from '../../lib/secrets.js';
import { parseWith, readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { createRateLimiter } from '../../services/rate-limiter.js';
import { companyReviews, myCompanies } from '../../services/reviews/review-views.js';
import { CLAIM_BODY_MAX_BYTES, readClaimForm } from './claim-form.js';
import { reviewNotFound } from './my-review-routes.js';
import type { ReviewDeps } from './review-deps.js';
import { trimmedText } from './review-fields.js';

/** Claims one account may file per window: a claim is a document for a person to read. */
const CLAIMS_PER_WINDOW = 5;
const CLAIM_WINDOW_SECONDS = 60 * 60;

const replySchema = requestSchema<ReplyRequest>()(
  v.strictObject({
    text: trimmedText(1, REPLY_TEXT_MAX_LENGTH),
  }),
);

/** A company's path on the reviews site, from its name: Latin letters and digits, then a short random tail. */
export function slugOf(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `${base || 'company'}-${randomId().replace(/-/g, '').slice(0, 6)}`;
}

export function companyRoutes({ storage, clock, sessions }: ReviewDeps) {
  const app = new Hono<AppEnv>();
  const auth = requireAuth(sessions);
  const limiter = createRateLimiter(storage, clock, {
    scope: 'review-claims',
    limit: CLAIMS_PER_WINDOW,
    windowSeconds: CLAIM_WINDOW_SECONDS,
  });
  const limitBody = bodyLimit({
    maxSize: CLAIM_BODY_MAX_BYTES,
    onError: () => {
      throw new ApiError(413, [{ error: 'payload_too_large' }]);
    },
  });

  /** The company the signed-in account manages (an approved claim), else 404. */
  async function managed(c: Context<AppEnv>) {
    const company = await storage.companies.find(c.req.param('id') ?? '');
    if (!company || !(await storage.claims.isManager(company.id, c.get('auth').user.id)))
      throw new ApiError(404, [{ error: 'company_not_found' }]);
    return company;
  }

  app.get('/companies/', auth, async (c) => {
    const claims = await storage.claims.listOfUser(c.get('auth').user.id);
    return c.json({ results: await myCompanies(storage, claims) } satisfies MyCompanyList);
  });

  app.post('/companies/claims/', auth, requireActive, limitBody, async (c) => {
    const { user } = c.get('auth');
    const { fields, proof } = await readClaimForm(c);
    // Counted once the form is whole: a form refused for a wrong field does not use up the person's turns.
    const retryAfter = await limiter.hit(`user:${user.id}`);
    if (retryAfter > 0) throw tooManyRequests('review_claims_too_many', retryAfter);
    const now = clock.now();
    const { company } = await storage.companies.insertOrFind({
      id: randomId(),
      name: fields.name,
      slug: slugOf(fields.name),
      category: fields.category || 'other',
      logoPath: null,
      taxpayerNumber: fields.taxpayer_number,
      createdAt: now,
    });
    if (await storage.claims.findActive(company.id, user.id))
      throw new ApiError(409, [{ error: 'company_already_claimed' }]);
    const claim = {
      id: randomId(),
      companyId: company.id,
      userId: user.id,
      status: 'in_moderation' as const,
      reason: null,
      proofName: proof.name,
      proofMediaType: proof.mediaType,
      proofSize: proof.data.length,
      createdAt: now,
      decidedAt: null,
    };
    await storage.claims.insert(claim, proof.data);
    const [shown] = await myCompanies(storage, [claim]);
    return c.json(shown, 201);
  });

  app.get('/companies/:id/reviews/', auth, async (c) => {
    const company = await managed(c);
    const { page, page_size: pageSize } = parseWith(pageQuery(REVIEWS_MAX_PAGE_SIZE), c.req.query());
    const { count, results } = await storage.reviews.listOfCompany(company.id, (page - 1) * pageSize, pageSize);
    return c.json({ count, results: await companyReviews(storage, results) } satisfies CompanyReviewPage);
  });

  app.post('/companies/:id/reviews/:review/reply/', auth, requireActive, async (c) => {
    const { user } = c.get('auth');
    const { text } = await readJsonBody(c, replySchema);
    const company = await managed(c);
    const reviewId = c.req.param('review');
    const existing = (await storage.reviews.replies([reviewId]))[0];
    const now = clock.now();
    const reply = {
      reviewId,
      companyId: company.id,
      userId: user.id,
      text,
      createdAt: existing?.companyId === company.id ? existing.createdAt : now,
      updatedAt: now,
    };
    if (!(await storage.reviews.reply(reply))) throw reviewNotFound();
    const review = await storage.reviews.find(reviewId);
    if (!review) throw reviewNotFound();
    const [shown] = await companyReviews(storage, [review]);
    return c.json(shown);
  });

  return app;
}
