/**
 * What the card fields show as the person types: the number in groups of four (4-4-4-4) and the expiry
 * as MM/YY. Only digits are kept, so a pasted "8600-4954 7331 6478" reads the same as typed digits.
 */

/** Up to 16 digits, a space after every fourth. */
export function maskCardNumber(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 16);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * Up to 4 digits as MM/YY; the slash comes once the month's two digits are in. A first digit above 1
 * can only be a month's one digit ("4" is April), so it is written "04".
 */
export function maskExpiry(input: string): string {
  let digits = input.replace(/\D/g, '').slice(0, 4);
  if (/^[2-9]/.test(digits)) digits = `0${digits}`.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** A saved card as a person reads it: "UzCard ·· 6478" (lib/format/card-label.ts, shared with Hissa). */
export { cardLabel } from '../../../lib/format/card-label';

/** Tiyin as so'm in the ru-RU convention (docs/product.md §9): 1234550 → "12 345,5". */
export function amountNumber(tiyin: number, format: (value: number) => string): string {
  return format(tiyin / 100);
}
