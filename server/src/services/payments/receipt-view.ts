/** The bills as the payer and as the partner see them (docs/api.md, Payments, Receipts). */
import { HISSA_RECEIPT_CLIENT } from '../../contract/hissa.js';
import type { MerchantReceiptView, ReceiptStatus, ReceiptView } from '../../contract/payments.js';
import type { OAuthClient, PaymentReceipt } from '../../storage/storage.js';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** A payment under way is still `pending` to everyone outside. */
export const publicStatus = (receipt: PaymentReceipt): ReceiptStatus =>
  receipt.status === 'paying' ? 'pending' : receipt.status;

export function receiptView(receipt: PaymentReceipt, client: OAuthClient | undefined): ReceiptView {
  return {
    id: receipt.id,
    // Hissa's contributions are Kirish's own receipts (features/hissa/): no partner client names them.
    merchant: {
      name: client?.name ?? (receipt.clientId === HISSA_RECEIPT_CLIENT ? 'Hissa' : ''),
      logo: client?.logoUrl ?? null,
    },
    description: receipt.description,
    amount: receipt.amount,
    currency: 'UZS',
    status: publicStatus(receipt),
    card: receipt.card ? { brand: receipt.card.brand, masked_number: receipt.card.maskedNumber } : null,
    created_at: new Date(receipt.createdAt).toISOString(),
    paid_at: iso(receipt.paidAt),
    return_url: receipt.returnUrl,
  };
}

export function merchantReceiptView(receipt: PaymentReceipt): MerchantReceiptView {
  return {
    id: receipt.id,
    order_id: receipt.orderId,
    amount: receipt.amount,
    currency: 'UZS',
    description: receipt.description,
    status: publicStatus(receipt),
    created_at: new Date(receipt.createdAt).toISOString(),
    paid_at: iso(receipt.paidAt),
  };
}
