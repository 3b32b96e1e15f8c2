/**
 * What the payment sandbox is told at start (README, The payment sandbox): the merchant account Kirish has
 * with it, a clock for receipts' times and cards' expiry, and the demo account's phone, to which most of
 * its test cards are registered.
 */
import type { Clock } from '../../lib/clock.js';

/** The development merchant of README's test cards, published so that `npm start` needs no configuration. */
export const SANDBOX_MERCHANT = {
  id: 'kirish-sandbox-merchant',
  key: 'kirish-sandbox-key-not-for-production',
} as const;

/** Payme's test platform's code for every card (README): the sandbox sends no SMS. */
export const SANDBOX_CODE = '666666';

export interface PaymentSandboxOptions {
  merchant: { id: string; key: string };
  clock: Clock;
  /** The demo account's phone (`+998…`): the UzCard and Humo test cards, and the problem cards, are its. */
  demoPhone: string;
}
