/**
 * `/hissa/api/v1` (issue 42, docs/hissa.md, docs/api.md, Hissa): the community projects near the account
 * (the default address's region and district, or `?region=&district=`), one project with its updates,
 * the contribution with a saved card, and the account's own contributions with their receipts. A
 * contribution is one payment receipt (services/payments/receipt-settlement.ts pays it, at most once per
 * Idempotency-Key), so it also shows among /pay's receipts. With the operator's part
 * (operator-hissa-routes.ts), mounted at the root by app.ts, which hands over the API's guard (no-store,
 * the JSON body limit, the Account-Id check) for the account's paths.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../app-env.js';
import {
  HISSA_CONTRIBUTION_MAX_TIYIN,
  HISSA_CONTRIBUTION_MIN_TIYIN,
  HISSA_MAX_PAGE_SIZE,
  HISSA_RECEIPT_CLIENT,
  type HissaContributeRequest,
  type HissaContributionPage,
  type HissaProjectDetail,
  type HissaProjectPage,
} from '../../contract/hissa.js';
import { ApiError, badRequest } from '../../lib/api-error.js';
import { orderedId } from '../../lib/ordered-id.js';
import { pageEntries } from '../../lib/page-query.js';
import { sha256 } from '../../lib/secrets.js';
import { parseWith, readJsonBody, requestSchema, text, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import { askProcessor, idempotencyKey, type PaymentDeps } from '../../services/payments/payment-deps.js';
import { createSettlement } from '../../services/payments/receipt-settlement.js';
import { findRegion, regionHasDistrict } from '../../services/regions.js';
import type { HissaContribution, Storage } from '../../storage/storage.js';
import { contributionView, projectNotFound, projectView, updateView } from './hissa-views.js';
import { operatorHissaRoutes } from './operator-hissa-routes.js';

export const HISSA_API_PATH = '/hissa/api/v1';

export type HissaDeps = Omit<PaymentDeps, 'processor'> & { processor: PaymentDeps['processor'] | null };

const projectsQuery = v.strictObject({
  region: v.optional(text(64)),
  district: v.optional(text(64)),
  ...pageEntries(HISSA_MAX_PAGE_SIZE),
});

const contributeSchema = requestSchema<HissaContributeRequest>()(
  v.strictObject({
    amount: v.pipe(
      v.number('hissa_amount_invalid'),
      v.integer('hissa_amount_invalid'),
      v.minValue(HISSA_CONTRIBUTION_MIN_TIYIN, 'hissa_amount_invalid'),
      v.maxValue(HISSA_CONTRIBUTION_MAX_TIYIN, 'hissa_amount_invalid'),
    ),
    card_id: text(64),
  }),
);

/** The place asked for, checked against the regions list; else the account's default address's; else none. */
async function placeFor(storage: Storage, userId: string, query: { region?: string; district?: string }) {
  if (query.region !== undefined) {
    if (!findRegion(query.region)) throw badRequest('hissa_region_unknown', 'region');
    if (query.district !== undefined && !regionHasDistrict(query.region, query.district))
      throw badRequest('hissa_district_unknown', 'district');
    return { region: query.region, district: query.district ?? null, onlyDistrict: query.district !== undefined };
  }
  if (query.district !== undefined) throw badRequest('hissa_region_unknown', 'region');
  const [first] = await storage.addresses.listByUser(userId);
  return first ? { region: first.region, district: first.district, onlyDistrict: false } : null;
}

const pageLinks = (base: string, page: number, size: number, count: number) => ({
  next: page * size < count ? `${base}page=${page + 1}&page_size=${size}` : null,
  previous:
    page > 1 ? `${base}page=${Math.min(page - 1, Math.max(1, Math.ceil(count / size)))}&page_size=${size}` : null,
});

function accountRoutes(deps: HissaDeps) {
  const { storage, clock, config, processor } = deps;
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.sessions);
  const settlement = processor ? createSettlement({ ...deps, processor }) : null;
  const api = `${config.publicUrl}${HISSA_API_PATH}`;

  app.get('/projects/', auth, async (c) => {
    const query = parseWith(projectsQuery, c.req.query());
    const place = await placeFor(storage, c.get('auth').user.id, query);
    const { page, page_size: size } = query;
    if (!place) {
      const none: HissaProjectPage = {
        region: null,
        district: null,
        count: 0,
        next: null,
        previous: null,
        results: [],
      };
      return c.json(none);
    }
    const { count, results } = await storage.hissaProjects.listNear(place, (page - 1) * size, size);
    const filters = `region=${encodeURIComponent(place.region)}${place.onlyDistrict ? `&district=${encodeURIComponent(place.district ?? '')}` : ''}`;
    const answer: HissaProjectPage = {
      region: place.region,
      district: place.district,
      count,
      ...pageLinks(`${api}/projects/?${filters}&`, page, size, count),
      results: results.map((project) => projectView(project, clock.now())),
    };
    return c.json(answer);
  });

  app.on('GET', ['/projects/:id/', '/projects/:id'], auth, async (c) => {
    const project = await storage.hissaProjects.find(c.req.param('id'));
    if (!project) throw projectNotFound();
    const updates = await storage.hissaUpdates.listByProject(project.id);
    const answer: HissaProjectDetail = { ...projectView(project, clock.now()), updates: updates.map(updateView) };
    return c.json(answer);
  });

  app.post('/projects/:id/contribute', auth, requireActive, async (c) => {
    if (!processor || !settlement) throw new ApiError(404, [{ error: 'payments_not_available' }]);
    const { user } = c.get('auth');
    const body = await readJsonBody(c, contributeSchema);
    const key = idempotencyKey(c.req.header('idempotency-key'));
    const project = await storage.hissaProjects.find(c.req.param('id'));
    if (!project) throw projectNotFound();
    const card = await storage.cards.find(body.card_id, user.id);
    if (!card || card.verifiedAt === null) throw badRequest('card_not_found', 'card_id');
    let contribution: HissaContribution | undefined = await storage.hissaContributions.findByKey(user.id, key);
    if (contribution && (contribution.projectId !== project.id || contribution.amount !== body.amount))
      throw new ApiError(409, [{ error: 'hissa_key_reused' }]);
    const created = contribution === undefined;
    if (!contribution) {
      if (!projectView(project, clock.now()).accepting) throw new ApiError(409, [{ error: 'hissa_project_closed' }]);
      // The order is the account and key: a retry (or a parallel twin) finds the same receipt.
      const orderId = sha256(`${user.id}:${key}`);
      const description = `Hissa: ${project.title}`;
      const bill = await askProcessor({ ...deps, processor }, () =>
        processor.createReceipt({ amount: body.amount, orderId, description }),
      );
      const now = clock.now();
      const { receipt } = await storage.receipts.insertOrFind({
        id: orderedId(now),
        clientId: HISSA_RECEIPT_CLIENT,
        orderId,
        amount: body.amount,
        description,
        returnUrl: `${config.publicUrl}/projects/hissa?id=${encodeURIComponent(project.id)}`,
        webhookUrl: null,
        processorReceiptId: bill.id,
        createdAt: now,
      });
      const made = { id: orderedId(now), projectId: project.id, userId: user.id, amount: body.amount };
      contribution = (
        await storage.hissaContributions.insertOrFind({ ...made, receiptId: receipt.id, payKey: key, createdAt: now })
      ).contribution;
    }
    const receipt = await storage.receipts.find(contribution.receiptId);
    if (!receipt) throw new Error(`hissa contribution ${contribution.id} has no receipt`);
    const paid = await settlement.pay(receipt, key, user.id, card);
    const after = (await storage.hissaProjects.find(project.id)) ?? project;
    const entry = { ...contribution, projectTitle: project.title, receiptStatus: paid.status };
    return c.json(
      { contribution: contributionView(entry), project: projectView(after, clock.now()) },
      created ? 201 : 200,
    );
  });

  app.get('/contributions/', auth, async (c) => {
    const { page, page_size: size } = parseWith(v.strictObject(pageEntries(HISSA_MAX_PAGE_SIZE)), c.req.query());
    const { count, results } = await storage.hissaContributions.listByUser(
      c.get('auth').user.id,
      (page - 1) * size,
      size,
    );
    // A payment whose outcome is not written yet is asked about, as /pay's receipts are.
    const settled = await Promise.all(
      results.map(async (entry) => {
        if (entry.receiptStatus !== 'paying' || !settlement) return entry;
        const receipt = await storage.receipts.find(entry.receiptId);
        return receipt ? { ...entry, receiptStatus: (await settlement.reconcile(receipt)).status } : entry;
      }),
    );
    const answer: HissaContributionPage = {
      count,
      ...pageLinks(`${api}/contributions/?`, page, size, count),
      results: settled.map(contributionView),
    };
    return c.json(answer);
  });

  return app;
}

/** Hissa's two parts: the account's under HISSA_API_PATH behind `guard`, the operator's beside the others. */
export function hissaRoutes(deps: HissaDeps, guard: MiddlewareHandler[]) {
  const app = new Hono<AppEnv>();
  app.use(`${HISSA_API_PATH}/*`, ...guard);
  app.route(HISSA_API_PATH, accountRoutes(deps));
  app.route('/common/api/v1/operator', operatorHissaRoutes(deps));
  return app;
}
