/**
 * Paying a bill, at most once (docs/api.md, Payments, Paying): the bill is claimed under the request's
 * Idempotency-Key in one statement, so of a double click, a retry or twenty parallel requests one reaches
 * the processor; the outcome is written only by that claim. When the processor's answer is lost (a
 * timeout, a crash between its answer and our write) the bill stays claimed, and the next read asks the
 * processor (`receipts.get`) what became of it: paid, or, once the claim is stale, payable again.
 */
import { PAYMENT_CLAIM_STALE_SECONDS } from '../../config/policy.js';
import { ApiError } from '../../lib/api-error.js';
import { ProcessorRefusal, ProcessorUnavailable } from './payment-processor.js';
import type { PaymentCard, PaymentReceipt } from '../../storage/storage.js';
import { refusalError, unavailableError, type PaymentDeps } from './payment-deps.js';
import { sendReceiptWebhook } from './receipt-webhook.js';

type Outcome = { status: 'paid'; paidAt: number } | { status: 'failed' | 'pending'; failure: string | null };

/** The answer to a request whose claim lost or whose key paid already: the bill, or why not. */
function answerFor(receipt: PaymentReceipt, key: string): PaymentReceipt {
  if (receipt.status === 'paying') throw new ApiError(409, [{ error: 'payment_in_progress' }], 1);
  if (receipt.payKey === key) {
    if (receipt.status === 'failed')
      throw new ApiError(402, [{ error: (receipt.failure ?? 'receipt_not_payable') as 'receipt_not_payable' }]);
    return receipt;
  }
  if (receipt.status === 'paid') throw new ApiError(409, [{ error: 'receipt_already_paid' }]);
  throw new ApiError(409, [{ error: 'receipt_not_payable' }]);
}

export function createSettlement(deps: PaymentDeps) {
  const { storage, clock, processor } = deps;

  /** Writes the outcome if `key` still holds the bill, and tells the partner; the bill as it now is. */
  async function settle(receipt: PaymentReceipt, key: string, outcome: Outcome): Promise<PaymentReceipt> {
    const written = await storage.receipts.settle(receipt.id, key, outcome, clock.now());
    const now = (await storage.receipts.find(receipt.id)) ?? receipt;
    if (written) await sendReceiptWebhook(deps, now);
    return now;
  }

  /** Asks the processor about a claimed bill whose outcome is not written; unchanged when it does not answer. */
  async function reconcile(receipt: PaymentReceipt): Promise<PaymentReceipt> {
    if (receipt.status !== 'paying' || receipt.payKey === null) return receipt;
    let state;
    try {
      state = await processor.getReceipt(receipt.processorReceiptId);
    } catch (error) {
      if (error instanceof ProcessorUnavailable || error instanceof ProcessorRefusal) return receipt;
      throw error;
    }
    if (state.state === 'paid')
      return settle(receipt, receipt.payKey, { status: 'paid', paidAt: state.paidAt ?? clock.now() });
    if (state.state === 'cancelled')
      return settle(receipt, receipt.payKey, { status: 'failed', failure: 'receipt_not_payable' });
    const stale = clock.now() - (receipt.payStartedAt ?? 0) >= PAYMENT_CLAIM_STALE_SECONDS * 1000;
    return stale ? settle(receipt, receipt.payKey, { status: 'pending', failure: null }) : receipt;
  }

  async function pay(found: PaymentReceipt, key: string, userId: string, card: PaymentCard): Promise<PaymentReceipt> {
    const receipt = await reconcile(found);
    const payable = receipt.status === 'pending' || receipt.status === 'failed';
    if (!payable || (receipt.payKey === key && receipt.status === 'failed')) return answerFor(receipt, key);
    const claim = { key, userId, card: { id: card.id, brand: card.brand, maskedNumber: card.maskedNumber } };
    if (!(await storage.receipts.claim(receipt.id, claim, clock.now()))) {
      return answerFor((await storage.receipts.find(receipt.id)) ?? receipt, key);
    }
    try {
      const paid = await processor.payReceipt(receipt.processorReceiptId, card.token);
      return await settle(receipt, key, { status: 'paid', paidAt: paid.paidAt ?? clock.now() });
    } catch (error) {
      if (error instanceof ProcessorUnavailable) {
        deps.log(`payment processor: ${error.reason}`, undefined, { receipt: receipt.id });
        throw unavailableError();
      }
      if (!(error instanceof ProcessorRefusal)) throw error;
      // Paid already at the processor (an earlier answer lost): what it says is the truth.
      if (error.key === 'receipt_not_payable') {
        const now = await reconcile({ ...receipt, status: 'paying', payKey: key, payStartedAt: clock.now() });
        if (now.status === 'paid') return now;
      }
      await settle(receipt, key, { status: 'failed', failure: error.key });
      throw refusalError(error, 402);
    }
  }

  return { reconcile, pay };
}

export type Settlement = ReturnType<typeof createSettlement>;
