/**
 * One receipt: a partner's bill to pay (`/pay?receipt={id}`) or a receipt to read (`/pay?id={id}`).
 * Paying sends an `Idempotency-Key` made once for this view of the bill and sent again on every retry,
 * so a double press, a retry after a lost answer or a reload of the answer charges at most once (the
 * server keeps the key's outcome; IETF draft "The Idempotency-Key HTTP Header Field", §2). A new key is
 * made only after the server refused the payment outright (a card refused), since a new card is a new
 * request.
 */
import { signal } from '@preact/signals-react';
import type { ErrorKey } from '../../../../server/src/contract/error-keys.js';
import type { ShowError } from '../../../lib/form';
import type { PaymentsApi, ReceiptView } from '../api/payments-api';

/** Refusals that end a payment request: another try is another request, with a new key. */
const REFUSED = new Set<string>(['card_blocked', 'card_insufficient_funds', 'card_not_found', 'wrong_expire']);

/** A refusal: 402 (the processor refused the charge) or one of the card's keys. */
function refusedBy(error: unknown): boolean {
  const failure = error as { status?: number; data?: { errors?: { error?: string }[] } } | null;
  const key = failure?.data?.errors?.[0]?.error;
  return failure?.status === 402 || (key !== undefined && REFUSED.has(key));
}

/** The partner's return address only when it is http(s): the server checked its origin, this checks the scheme. */
export function safeReturnUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A bill the person may pay: not yet paid, or refused before (another card may pay it). */
export const payable = (receipt: ReceiptView): boolean => receipt.status === 'pending' || receipt.status === 'failed';

export function createBillModel(deps: { api: PaymentsApi; showError: ShowError; newKey?: () => string }) {
  const newKey = deps.newKey ?? (() => crypto.randomUUID());
  const state = signal<'loading' | 'ready' | 'failed'>('loading');
  const receipt = signal<ReceiptView | null>(null);
  const paying = signal(false);
  /** The refusal's key shown beside the card choice. */
  const error = signal<ErrorKey | null>(null);
  let key = newKey();

  return {
    state,
    receipt,
    paying,
    error,
    /** The key this view sends (tests read it). */
    idempotencyKey: () => key,
    async load(id: string): Promise<void> {
      state.value = 'loading';
      try {
        receipt.value = await deps.api.receipt(id);
        state.value = 'ready';
      } catch (failure) {
        deps.showError(failure);
        state.value = 'failed';
      }
    },
    /** Pays with the card; true when the bill is paid. A press while paying does nothing. */
    async pay(cardId: string): Promise<boolean> {
      const bill = receipt.peek();
      if (!bill || paying.peek()) return false;
      paying.value = true;
      error.value = null;
      try {
        const answer = await deps.api.pay(bill.id, cardId, key);
        receipt.value = answer;
        // A failed charge is that request's outcome for good: paying again is a new request.
        if (answer.status === 'failed') key = newKey();
        return answer.status === 'paid';
      } catch (failure) {
        const refused = refusedBy(failure);
        if (refused) key = newKey();
        const shown = deps.showError(failure, (k) => (refused || REFUSED.has(k) ? 'card_id' : undefined));
        if (shown) error.value = shown.key;
        return false;
      } finally {
        paying.value = false;
      }
    },
  };
}

export type BillModel = ReturnType<typeof createBillModel>;
