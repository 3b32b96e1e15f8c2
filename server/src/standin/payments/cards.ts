/**
 * The sandbox's cards: the Luhn check (ISO/IEC 7812-1 Annex B), the brands by prefix, and the published
 * test cards of README (The payment sandbox). A test card's number is known to the sandbox alone; what it
 * answers about a card is masked as Payme masks it (`860049******6478`).
 */
import { randomInt } from 'node:crypto';

export type SandboxBrand = 'uzcard' | 'humo';

export interface SandboxCard {
  number: string;
  /** MMYY, as Payme's cards.create takes it. */
  expire: string;
  phone: string;
  /** In tiyin. */
  balance: number;
  blocked: boolean;
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function brandOf(number: string): SandboxBrand | null {
  if (number.startsWith('8600')) return 'uzcard';
  if (number.startsWith('9860')) return 'humo';
  return null;
}

/** `8600495473316478` → `860049******6478`. */
export const maskNumber = (number: string) => `${number.slice(0, 6)}******${number.slice(-4)}`;

/** `+998901234567` → `99890*****67`, the phone as Payme's cards.get_verify_code shows it. */
export const maskCardPhone = (phone: string) => {
  const digits = phone.replace(/\D/g, '');
  return `${digits.slice(0, 5)}${'*'.repeat(digits.length - 7)}${digits.slice(-2)}`;
};

/** The phone of README's card registered to someone else. */
export const OTHER_PHONE = '+998937654321';
const RICH = 1_000_000_000; // 10 000 000 so'm

/** README's test cards; `demoPhone` is the demo account's. */
export function testCards(demoPhone: string): SandboxCard[] {
  return [
    { number: '8600495473316478', expire: '0399', phone: demoPhone, balance: RICH, blocked: false },
    { number: '9860060195406313', expire: '0399', phone: demoPhone, balance: RICH, blocked: false },
    { number: '8600123456789012', expire: '0399', phone: OTHER_PHONE, balance: RICH, blocked: false },
    { number: '9860111122223337', expire: '0124', phone: demoPhone, balance: RICH, blocked: false },
    { number: '8600777788889996', expire: '0399', phone: demoPhone, balance: 100, blocked: false },
    { number: '9860555566667773', expire: '0399', phone: demoPhone, balance: RICH, blocked: true },
  ];
}

/** A new Luhn-valid number with the brand's prefix, not one of `taken`. */
export function newCardNumber(brand: SandboxBrand, taken: (number: string) => boolean): string {
  for (;;) {
    const body = `${brand === 'humo' ? '9860' : '8600'}${Array.from({ length: 11 }, () => randomInt(10)).join('')}`;
    const check = Array.from({ length: 10 }, (_, digit) => `${body}${digit}`).find(luhnValid) ?? '';
    if (!taken(check)) return check;
  }
}
