/** Phone numbers: display grouping and normalisation of Uzbek numbers to E.164. */

const UZ_COUNTRY_CODE = '998';

/** Digits only: every character that is not 0-9 is dropped ("+998 (90) 123-45-67" → "998901234567"). */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, '');
}

/**
 * SPEC §9 "Phone display: +, then digit groups of 3, 2, 3, 2, 2": "998901234567" → "+998 90 123 45 67".
 * Non-digits are stripped first; anything that is not 12 digits is returned trimmed but otherwise unchanged,
 * so display code never throws on odd data.
 */
export function formatPhone(phone: string): string {
  const d = phoneDigits(phone);
  if (d.length !== 12) return phone.trim();
  return `+${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10, 12)}`;
}

/**
 * An Uzbek number as E.164 "+998XXXXXXXXX", or null. Accepts the 9 national digits ("90 123 45 67") or
 * them prefixed by the country code ("998901234567", "+998 90 123-45-67"); the national part must not start
 * with 0. Only digits, spaces, "-", ".", "(", ")" and one leading "+" may appear; a leading "+" must be
 * followed by 998 (a "+" with 9 digits is another country's number, not a national one).
 */
export function toE164Uz(input: string): string | null {
  const text = input.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const digits = phoneDigits(text);
  let national: string;
  if (digits.length === 12 && digits.startsWith(UZ_COUNTRY_CODE)) national = digits.slice(3);
  else if (digits.length === 9 && !text.startsWith('+')) national = digits;
  else return null;
  if (national.startsWith('0')) return null;
  return `+${UZ_COUNTRY_CODE}${national}`;
}
