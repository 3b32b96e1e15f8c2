/**
 * The payments part of the storage interface (issue 40, kysely-payment-storage.ts, migration 0018): saved
 * cards, partners' bills (receipts) with the claim that lets one payment at a time reach the processor,
 * and the webhooks that tell a partner a bill's outcome. A card is kept as the processor's token and what
 * the processor shows masked: no method takes or returns a full card number.
 */
import type { CardBrand, ReceiptStatus } from '../contract/payments.js';

export interface PaymentCard {
  id: string;
  userId: string;
  token: string;
  maskedNumber: string;
  brand: CardBrand;
  expireMonth: number;
  expireYear: number;
  maskedPhone: string;
  isDefault: boolean;
  verifiedAt: number | null;
  createdAt: number;
}

/** `paying` is a claimed payment whose outcome is not written yet (the API shows it as `pending`). */
export type StoredReceiptStatus = ReceiptStatus | 'paying';

export interface PaymentReceipt {
  id: string;
  clientId: string;
  orderId: string;
  amount: number;
  description: string;
  returnUrl: string;
  webhookUrl: string | null;
  processorReceiptId: string;
  status: StoredReceiptStatus;
  userId: string | null;
  card: { id: string; brand: CardBrand; maskedNumber: string } | null;
  payKey: string | null;
  payStartedAt: number | null;
  /** The catalogue key of the last refusal, while `failed`. */
  failure: string | null;
  createdAt: number;
  paidAt: number | null;
  updatedAt: number;
}

export type NewReceipt = Omit<
  PaymentReceipt,
  'status' | 'userId' | 'card' | 'payKey' | 'payStartedAt' | 'failure' | 'paidAt' | 'updatedAt'
>;

export interface PaymentWebhook {
  id: string;
  receiptId: string;
  url: string;
  event: string;
  body: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  lastStatus: number | null;
  createdAt: number;
  deliveredAt: number | null;
}

export interface PaymentStorage {
  cards: {
    /** A card whose code is not entered yet (`verifiedAt` null). */
    insert(card: PaymentCard): Promise<void>;
    find(id: string, userId: string): Promise<PaymentCard | undefined>;
    /** The account's verified cards, oldest first. */
    list(userId: string): Promise<PaymentCard[]>;
    /**
     * Marks the card verified, the default when the account has no other default; false when it is not
     * the account's, already verified, or the account already has `maxCards` verified cards.
     */
    verify(id: string, userId: string, at: number, maxCards: number): Promise<boolean>;
    /** Removes it; the newest remaining verified card becomes the default if it was. False: no such card. */
    remove(id: string, userId: string): Promise<boolean>;
    /** Makes this verified card the account's one default; false when there is no such verified card. */
    setDefault(id: string, userId: string): Promise<boolean>;
    /** An erased account's cards (their tokens are returned so they can be removed at the processor). */
    removeAll(userId: string): Promise<string[]>;
  };
  receipts: {
    /** Inserts the bill, or answers the one the client made with this order_id already (`created` false). */
    insertOrFind(receipt: NewReceipt): Promise<{ receipt: PaymentReceipt; created: boolean }>;
    find(id: string): Promise<PaymentReceipt | undefined>;
    /** The account's bills, newest first, and how many there are. */
    listByUser(userId: string, offset: number, limit: number): Promise<{ count: number; results: PaymentReceipt[] }>;
    /**
     * One statement: moves a `pending` or `failed` bill to `paying` under `key`, for this payer and card;
     * false when another payment holds it or it is paid or cancelled.
     */
    claim(
      id: string,
      claim: { key: string; userId: string; card: NonNullable<PaymentReceipt['card']> },
      at: number,
    ): Promise<boolean>;
    /** Writes the outcome of the payment `key` holds; false when it no longer holds the bill. */
    settle(
      id: string,
      key: string,
      outcome: { status: 'paid'; paidAt: number } | { status: 'failed' | 'pending'; failure: string | null },
      at: number,
    ): Promise<boolean>;
  };
  webhooks: {
    insert(webhook: PaymentWebhook): Promise<void>;
    record(
      id: string,
      result: { status: 'delivered' | 'failed'; httpStatus: number | null },
      at: number,
    ): Promise<void>;
    listByReceipt(receiptId: string): Promise<PaymentWebhook[]>;
  };
}
