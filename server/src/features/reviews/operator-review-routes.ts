/**
 * The operator's side of reviews (docs/api.md, The operator API), under /common/api/v1/operator behind
 * requireOperator (app.ts): the claims waiting (or of another status), a claim's proof document, and the
 * decision on a claim or a review in moderation. A rejection says why; the person sees the reason.
 */
import { Hono } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import {
  CLAIM_STATUSES,
  MODERATION_REASON_MAX_LENGTH,
  REVIEWS_MAX_PAGE_SIZE,
  type ModerationDecision,
} from '../../contract/reviews.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { pageEntries } from '../../lib/page-query.js';
import { parseWith, readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { reviewNotFound } from './my-review-routes.js';
import { trimmedText } from './review-fields.js';

const listQuery = v.strictObject({
  status: v.optional(v.picklist(CLAIM_STATUSES, 'invalid_value'), 'in_moderation'),
  ...pageEntries(REVIEWS_MAX_PAGE_SIZE),
});

const decisionSchema = requestSchema<ModerationDecision>()(
  v.strictObject({
    decision: v.picklist(['approve', 'reject'], 'invalid_value'),
    reason: v.optional(trimmedText(0, MODERATION_REASON_MAX_LENGTH)),
  }),
);

/** The decision as stored: a rejection with its reason (required), an approval without one. */
async function readDecision(body: ModerationDecision) {
  if (body.decision === 'approve') return { approve: true, reason: null } as const;
  if (!body.reason) throw badRequest('moderation_reason_required', 'reason');
  return { approve: false, reason: body.reason } as const;
}

const claimNotFound = () => new ApiError(404, [{ error: 'claim_not_found' }]);

export function operatorReviewRoutes({ storage, clock }: Pick<RouteDeps, 'storage' | 'clock'>) {
  const app = new Hono<AppEnv>();

  app.get('/reviews/claims/', async (c) => {
    const { status, page, page_size: pageSize } = parseWith(listQuery, c.req.query());
    const claims = await storage.claims.listByStatus(status, (page - 1) * pageSize, pageSize);
    const results = [];
    for (const claim of claims) {
      const company = await storage.companies.find(claim.companyId);
      results.push({
        id: claim.id,
        user_id: claim.userId,
        status: claim.status,
        reason: claim.reason,
        company: { id: claim.companyId, name: company?.name ?? '', taxpayer_number: company?.taxpayerNumber ?? null },
        proof: { name: claim.proofName, media_type: claim.proofMediaType, size: claim.proofSize },
        created_at: new Date(claim.createdAt).toISOString(),
      });
    }
    return c.json({ results });
  });

  app.get('/reviews/claims/:id/proof', async (c) => {
    const claim = await storage.claims.find(c.req.param('id'));
    const data = claim && (await storage.claims.proof(claim.id));
    if (!claim || !data) throw claimNotFound();
    // Served as the type its content was checked to be, never sniffed, and as a download.
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': claim.proofMediaType,
      'Content-Disposition': 'attachment',
      'X-Content-Type-Options': 'nosniff',
    });
  });

  app.post('/reviews/claims/:id/decision/', async (c) => {
    const decision = await readDecision(await readJsonBody(c, decisionSchema));
    const claim = await storage.claims.find(c.req.param('id'));
    if (!claim) throw claimNotFound();
    if (claim.status !== 'in_moderation') throw new ApiError(409, [{ error: 'moderation_decided' }]);
    const status = decision.approve ? 'approved' : 'rejected';
    if (!(await storage.claims.decide(claim.id, { status, reason: decision.reason }, clock.now())))
      throw new ApiError(409, [{ error: decision.approve ? 'company_already_managed' : 'moderation_decided' }]);
    return c.json({ id: claim.id, status, reason: decision.reason });
  });

  app.post('/reviews/reviews/:id/decision/', async (c) => {
    const decision = await readDecision(await readJsonBody(c, decisionSchema));
    const review = await storage.reviews.find(c.req.param('id'));
    if (!review) throw reviewNotFound();
    const status = decision.approve ? 'published' : 'rejected';
    if (!(await storage.reviews.moderate(review.id, { status, reason: decision.reason })))
      throw new ApiError(409, [{ error: 'moderation_decided' }]);
    return c.json({ id: review.id, status, reason: decision.reason });
  });

  return app;
}
