import { normalizePhone } from '../../server/src/contract/contact-rules.js';

/** The +998 input mask: "901234567" types as "90 123 45 67"; only the 9 national digits are kept. */
export function maskUzPhone(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.startsWith('998') && digits.length > 9) digits = digits.slice(3);
  digits = digits.slice(0, 9);
  const groups = [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 7), digits.slice(7, 9)].filter(Boolean);
  return groups.join(' ');
}

/** The typed national number as +998XXXXXXXXX, or null while incomplete or not a valid Uzbek number (the contract's rule). */
export function uzPhoneValue(masked: string): string | null {
  return normalizePhone(masked);
}

/**
 * Sign-in's one field takes a phone or an e-mail: what starts with a digit or + and holds only
 * digits, spaces, brackets, dots and hyphens is a phone being typed.
 */
export function looksLikePhone(input: string): boolean {
  return /^[+\d][\d\s().+-]*$/.test(input.trimStart());
}

/**
 * The sign-in field as typed: a phone gets the mask (the national "90 123 45 67", or "+998 90 123 45 67"
 * when typed or pasted with the country code); anything else is an e-mail, kept without spaces (an
 * address that starts with digits was masked as a phone until its first letter).
 */
export function maskIdentifier(input: string): string {
  if (!looksLikePhone(input)) return input.replace(/\s/g, '');
  const digits = input.replace(/\D/g, '');
  if (!input.trimStart().startsWith('+') && !(digits.startsWith('998') && digits.length > 9)) return maskUzPhone(input);
  const bounds = [0, 3, 5, 8, 10, 12];
  const groups = bounds.slice(1).map((end, index) => digits.slice(bounds[index], end));
  return `+${groups.filter(Boolean).join(' ')}`;
}
