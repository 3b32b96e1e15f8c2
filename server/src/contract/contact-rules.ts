/**
 * The phone and e-mail rules both sides apply: the SPA's field check and the server's request parsing
 * use these very functions, so a contact the form accepts is one the server accepts. Pure and
 * dependency-free (the browser imports this file as code).
 */

export type ContactType = 'phone' | 'email';

const UZ_COUNTRY_CODE = '998';
/** Spaces, brackets, hyphens and dots: how people group a number; dropped before the digits are read. */
const SEPARATORS = /[\s().-]/g;

/**
 * An Uzbek number as E.164 `+998XXXXXXXXX`, or null. Accepts the ways people type one:
 * `+998 90 123-45-67`, `998901234567`, `(90) 123 45 67`, `901234567`, `(+998) 90 123 45 67`.
 * - only digits, separators (space, `(`, `)`, `-`, `.`) and one `+` before every digit may appear;
 * - 9 national digits, or 12 digits beginning with 998;
 * - a `+` must be followed by 998: `+901234567` is another country's number, not a national one;
 * - the national part (the operator code) must not start with 0.
 */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  const plus = compact.startsWith('+');
  const digits = plus ? compact.slice(1) : compact;
  let national: string;
  if (digits.length === 12 && digits.startsWith(UZ_COUNTRY_CODE)) national = digits.slice(3);
  else if (digits.length === 9 && !plus) national = digits;
  else return null;
  if (national.startsWith('0')) return null;
  return `+${UZ_COUNTRY_CODE}${national}`;
}

// Deliberately plain: one @, no spaces, a dot in the domain, a letter top-level part of 2+ letters.
const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*\.[a-z]{2,}$/;
const EMAIL_MAX_LENGTH = 254; // RFC 5321 §4.5.3.1.3 path limit less the angle brackets

/** An e-mail address trimmed and lower-cased, or null when it does not look like one. */
export function normalizeEmail(input: string): string | null {
  const value = input.trim().toLowerCase();
  if (value.length > EMAIL_MAX_LENGTH) return null;
  return EMAIL.test(value) ? value : null;
}
