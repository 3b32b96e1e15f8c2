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
