/**
 * The payer's side of bills (docs/api.md, Payments, Receipts): `GET receipts/?page=&page_size=` (newest
 * first, `count, next, previous, results`), `GET receipts/{id}/` (a bill to pay, or one's own receipt) and
 * `POST receipts/{id}/pay {card_id}` with an `Idempotency-Key` (receipt-settlement.ts). Each read of a bill
 * whose payment's outcome is not written asks the processor first.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { RECEIPTS_PAGE_SIZE_DEFAULT, RECEIPTS_PAGE_SIZE_MAX } from '../../config/policy.js';
import type { PayReceiptRequest, ReceiptPage } from '../../contract/payments.js';
import { ApiError } from '../../lib/api-error.js';
import { readJsonBody, requestSchema, text, v } from '../../lib/validation.js';
import { requireActive } from '../../middleware/require-active.js';
import { requireAuth } from '../../middleware/require-auth.js';
import type { PaymentReceipt } from '../../storage/storage.js';
import { idempotencyKey, type PaymentDeps } from '../../services/payments/payment-deps.js';
import type { Settlement } from '../../services/payments/receipt-settlement.js';
import { receiptView } from '../../services/payments/receipt-view.js';

const paySchema = requestSchema<PayReceiptRequest>()(v.strictObject({ card_id: text(64) }));

function pageNumber(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > max) throw new ApiError(400, [{ error: 'invalid_value' }]);
  return value;
}

const notFound = () => new ApiError(404, [{ error: 'receipt_not_found' }]);

/** A bill nobody paid yet is for whoever holds its link; one paid (or being paid) is its payer's alone. */
const visibleTo = (receipt: PaymentReceipt, userId: string) =>
  receipt.userId === null || receipt.userId === userId || receipt.status === 'pending';

export function receiptRoutes(deps: PaymentDeps, settlement: Settlement) {
  const { storage, config } = deps;
  const app = new Hono<AppEnv>();
  const auth = requireAuth(deps.sessions);
  const view = async (receipt: PaymentReceipt) => receiptView(receipt, await storage.clients.find(receipt.clientId));
  const readable = async (id: string, userId: string) => {
    const found = await storage.receipts.find(id);
    if (!found || !visibleTo(found, userId)) throw notFound();
    return settlement.reconcile(found);
  };

  app.get('/receipts/', auth, async (c) => {
    const userId = c.get('auth').user.id;
    const page = pageNumber(c.req.query('page'), 1, Number.MAX_SAFE_INTEGER);
    const size = pageNumber(c.req.query('page_size'), RECEIPTS_PAGE_SIZE_DEFAULT, RECEIPTS_PAGE_SIZE_MAX);
    const { count, results } = await storage.receipts.listByUser(userId, (page - 1) * size, size);
    const reconciled = await Promise.all(results.map((receipt) => settlement.reconcile(receipt)));
    const link = (to: number) => `${config.publicUrl}/payment/api/receipts/?page=${to}&page_size=${size}`;
    const answer: ReceiptPage = {
      count,
      next: page * size < count ? link(page + 1) : null,
      previous: page > 1 ? link(Math.min(page - 1, Math.max(1, Math.ceil(count / size)))) : null,
      results: await Promise.all(reconciled.map(view)),
    };
    return c.json(answer);
  });

  app.on('GET', ['/receipts/:id/', '/receipts/:id'], auth, async (c) =>
    c.json(await view(await readable(c.req.param('id'), c.get('auth').user.id))),
  );

  app.post('/receipts/:id/pay', auth, requireActive, async (c) => {
    const { user } = c.get('auth');
    const body = await readJsonBody(c, paySchema);
    const key = idempotencyKey(c.req.header('idempotency-key'));
    const receipt = await readable(c.req.param('id'), user.id);
    const card = await storage.cards.find(body.card_id, user.id);
    if (!card || card.verifiedAt === null) throw new ApiError(400, [{ error: 'card_not_found', field: 'card_id' }]);
    return c.json(await view(await settlement.pay(receipt, key, user.id, card)));
  });

  return app;
}
