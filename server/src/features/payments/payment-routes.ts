/**
 * `/payment/api` (docs/api.md, Payments): the cards, the payer's receipts and the partners' bills over one
 * processor. Without a configured processor (production with no PAYMENT_* variables) every path answers
 * `404 payments_not_available`.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../../app-env.js';
import { ApiError } from '../../lib/api-error.js';
import { cardRoutes } from './card-routes.js';
import { merchantRoutes } from './merchant-routes.js';
import type { PaymentDeps } from '../../services/payments/payment-deps.js';
import { createSettlement } from '../../services/payments/receipt-settlement.js';
import { receiptRoutes } from './receipt-routes.js';

export type { PaymentDeps } from '../../services/payments/payment-deps.js';

export function paymentRoutes(deps: Omit<PaymentDeps, 'processor'> & { processor: PaymentDeps['processor'] | null }) {
  const app = new Hono<AppEnv>();
  const { processor } = deps;
  if (processor === null) {
    app.all('*', () => {
      throw new ApiError(404, [{ error: 'payments_not_available' }]);
    });
    return app;
  }
  const full = { ...deps, processor };
  const settlement = createSettlement(full);
  app.route('/', cardRoutes(full));
  app.route('/', receiptRoutes(full, settlement));
  app.route('/', merchantRoutes(full, settlement));
  return app;
}
