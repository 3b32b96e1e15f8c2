/** Phone numbers: display grouping. The rule that reads a typed number is the contract's (server/src/contract/contact-rules.ts). */

/** Digits only: every character that is not 0-9 is dropped ("+998 (90) 123-45-67" → "998901234567"). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * The phone display of docs/product.md §5: + and the digits in groups of 3, 2, 3, 2, 2: "998901234567" → "+998 90 123 45 67".
 * Non-digits are stripped first; anything that is not 12 digits is returned trimmed but otherwise unchanged,
 * so display code never throws on odd data.
 */
export function formatPhone(phone: string): string {
  const d = phoneDigits(phone);
  if (d.length !== 12) return phone.trim();
  return `+${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10, 12)}`;
}

/**
 * A contact as the server masked it ("+998 90 *** ** 67") held together by no-break spaces: inside a
 * sentence it moves to the next line whole, never as "+998 90 *** **" and "67" (issue 35).
 */
export function unbroken(contact: string): string {
  return contact.replaceAll(' ', '\u00a0');
}
