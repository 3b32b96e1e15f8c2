/**
 * The payment processor as Kirish needs it (docs/api.md, Payments): cards kept by the processor under a
 * token, their verification by a code it sends to the card's phone, and receipts paid with a token. One
 * implementation speaks Payme's Subscribe API (subscribe-api-client.ts); the sandbox speaks the same.
 * Nothing here carries a full card number back: the processor answers with masked ones.
 */
import type { ErrorKey } from '../../contract/error-keys.js';

export interface ProcessorCard {
  token: string;
  /** As the processor masks it: `860049******6478`. */
  maskedNumber: string;
  /** MM/YY. */
  expire: string;
  verified: boolean;
}

export type ProcessorReceiptState = 'created' | 'paid' | 'cancelled';

export interface ProcessorReceipt {
  id: string;
  state: ProcessorReceiptState;
  amount: number;
  paidAt: number | null;
}

/** A definite answer of the processor that refuses: the catalogue key Kirish shows for it, and its field. */
export class ProcessorRefusal extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly field?: string,
  ) {
    super(`the payment processor refused: ${key}`);
    this.name = 'ProcessorRefusal';
  }
}

/** No usable answer (unreachable, a timeout, a lost connection, an answer that makes no sense): it may have acted. */
export class ProcessorUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`the payment processor gave no answer: ${reason}`);
    this.name = 'ProcessorUnavailable';
  }
}

export interface PaymentProcessor {
  /** `expire` as MMYY. */
  createCard(number: string, expire: string): Promise<ProcessorCard>;
  /** Sends the card's code to the card's phone; that phone as the processor masks it (`99890*****67`). */
  sendCode(token: string): Promise<{ phone: string; waitMs: number }>;
  verifyCard(token: string, code: string): Promise<ProcessorCard>;
  removeCard(token: string): Promise<void>;
  createReceipt(bill: { amount: number; orderId: string; description: string }): Promise<ProcessorReceipt>;
  payReceipt(id: string, token: string): Promise<ProcessorReceipt>;
  getReceipt(id: string): Promise<ProcessorReceipt>;
}
