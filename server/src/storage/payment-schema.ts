/** Row shapes of migration 0018's tables, as Kysely sees them (schema.ts composes them into `Database`). */

/** A saved card: the processor's token and what it shows masked; never the full number (payment-storage.ts). */
export interface PaymentCardsTable {
  id: string;
  user_id: string;
  token: string;
  masked_number: string;
  brand: string;
  expire_month: number;
  expire_year: number;
  masked_phone: string;
  is_default: number;
  /** Null while the card's code is not yet entered: such a card is not listed, nor can it pay. */
  verified_at: number | null;
  created_at: number;
}

/** A partner's bill and its payment (payment-storage.ts). */
export interface PaymentReceiptsTable {
  id: string;
  client_id: string;
  order_id: string;
  amount: number;
  description: string;
  return_url: string;
  webhook_url: string | null;
  processor_receipt_id: string;
  status: string;
  user_id: string | null;
  card_id: string | null;
  card_brand: string | null;
  card_masked_number: string | null;
  pay_key: string | null;
  pay_started_at: number | null;
  failure: string | null;
  created_at: number;
  paid_at: number | null;
  updated_at: number;
}

/** One webhook telling a partner a bill's outcome (payment-storage.ts). */
export interface PaymentWebhooksTable {
  id: string;
  receipt_id: string;
  url: string;
  event: string;
  body: string;
  status: string;
  attempts: number;
  last_status: number | null;
  created_at: number;
  delivered_at: number | null;
}

/** Migration 0018's tables, which schema.ts's `Database` extends. */
export interface PaymentTables {
  payment_cards: PaymentCardsTable;
  payment_receipts: PaymentReceiptsTable;
  payment_webhooks: PaymentWebhooksTable;
}
