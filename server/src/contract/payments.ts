/**
 * Payments (issue 40, docs/api.md, Payments): the bodies of `/payment/api/…`, and the card rules the SPA's
 * fields and the server's parsing share (the Luhn check, the brands by prefix, the expiry MM/YY). Amounts
 * are integers in tiyin (1 so'm = 100 tiyin). Pure and dependency-free (the browser imports this file).
 */

export type CardBrand = 'uzcard' | 'humo' | 'visa' | 'mastercard';
export type ReceiptStatus = 'pending' | 'paid' | 'cancelled' | 'failed';

/** At most this many saved cards per account. */
export const MAX_SAVED_CARDS = 10;

export interface SavedCard {
  id: string;
  brand: CardBrand;
  /** As the processor masks it: `860049******6478`. */
  masked_number: string;
  /** MM/YY. */
  expire: string;
  holder?: string;
  is_default: boolean;
  created_at: string;
}

export interface CardList {
  results: SavedCard[];
}

export interface NewCardRequest {
  /** Digits; spaces are allowed and dropped. */
  number: string;
  /** MM/YY. */
  expire: string;
}

export interface NewCardAnswer {
  id: string;
  /** The card's phone, masked as the processor shows it. */
  phone: string;
  /** Seconds before another code may be asked for. */
  resend_in: number;
}

export interface VerifyCardRequest {
  id: string;
  code: string;
}

export interface DefaultCardRequest {
  id: string;
}

export interface MerchantReceiptRequest {
  amount: number;
  description: string;
  order_id: string;
  return_url: string;
  /** Where Kirish posts the signed outcome (docs/partners.md, Billing a user); one of the client's origins. */
  webhook_url?: string;
}

export interface MerchantReceiptAnswer {
  id: string;
  pay_url: string;
}

export interface MerchantReceiptView {
  id: string;
  order_id: string;
  amount: number;
  currency: 'UZS';
  description: string;
  status: ReceiptStatus;
  created_at: string;
  paid_at: string | null;
}

export interface PayReceiptRequest {
  card_id: string;
}

export interface ReceiptView {
  id: string;
  merchant: { name: string; logo: string | null };
  description: string;
  amount: number;
  currency: 'UZS';
  status: ReceiptStatus;
  card: { brand: CardBrand; masked_number: string } | null;
  created_at: string;
  paid_at: string | null;
  /** Where the payer goes back to the partner (one of the client's registered origins). */
  return_url: string;
}

export interface ReceiptPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: ReceiptView[];
}

/** The webhook's body (docs/partners.md, Billing a user). */
export interface ReceiptWebhookBody {
  event: 'receipt.paid' | 'receipt.failed';
  receipt: MerchantReceiptView;
}

/** ISO/IEC 7812-1 Annex B: the check digit. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand by the number's prefix (UzCard 8600, Humo 9860, Visa 4, Mastercard 51-55 and 2221-2720); null for others. */
export function cardBrand(digits: string): CardBrand | null {
  if (digits.startsWith('8600')) return 'uzcard';
  if (digits.startsWith('9860')) return 'humo';
  if (digits.startsWith('4')) return 'visa';
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  return null;
}

/** A card number as typed (spaces dropped): 16 digits, Luhn-valid, of a known brand; null otherwise. */
export function cardNumber(input: string): string | null {
  const digits = input.replace(/[\s-]/g, '');
  return /^\d{16}$/.test(digits) && luhnValid(digits) && cardBrand(digits) !== null ? digits : null;
}

/** MM/YY not before the month of `nowMs` (a card is good through its month's last day); null otherwise. */
export function cardExpiry(input: string, nowMs: number): { month: number; year: number } | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(input.trim());
  if (!match) return null;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  const now = new Date(nowMs);
  const past = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  return past ? null : { month, year };
}
