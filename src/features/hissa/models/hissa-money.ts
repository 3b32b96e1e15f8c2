/**
 * Hissa's amounts (docs/hissa.md): the API counts tiyin (1 so'm = 100 tiyin), the screen shows so'm
 * in ru-RU numbers (docs/product.md §9: "1 000 000 so'm") and reads a typed amount in whole so'm.
 */
import { HISSA_CONTRIBUTION_MAX_TIYIN, HISSA_CONTRIBUTION_MIN_TIYIN } from '../../../../server/src/contract/hissa.js';
import { formatNumber } from '../../../lib/format/numbers';
import type { I18n } from '../../../lib/i18n';

const SOM = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The number of so'm in ru-RU digits: 5_000_000 tiyin → "50 000". */
export const somNumber = (tiyin: number): string => formatNumber(tiyin / SOM);

/** Tiyin as the words a person reads: 5_000_000 → "50 000 so‘m". */
export const somText = (i18n: Pick<I18n, 't'>, tiyin: number): string =>
  i18n.t('hissa_amount', { amount: somNumber(tiyin) });

/**
 * A typed amount of whole so'm in tiyin: digits, spaces (as ru-RU groups them) allowed; null when it is
 * not a whole number of so'm.
 */
export function parseSom(text: string): number | null {
  const digits = text.replace(/[\s\u00a0\u202f]/g, '');
  if (!/^\d{1,12}$/.test(digits)) return null;
  return Number(digits) * SOM;
}

/** Whether an amount in tiyin is one the server takes (1 000 to 100 000 000 so'm, contract/hissa.ts). */
export const amountAllowed = (tiyin: number | null): tiyin is number =>
  tiyin !== null && tiyin >= HISSA_CONTRIBUTION_MIN_TIYIN && tiyin <= HISSA_CONTRIBUTION_MAX_TIYIN;

/** Raised as a share of the goal for the bar, from 0 to 1 (past the goal the bar is full). */
export function raisedShare(raised: number, goal: number): number {
  if (goal <= 0) return 1;
  return Math.min(1, Math.max(0, raised / goal));
}

/** Whole days until the deadline, counting a started day: 0 once it has passed. */
export function daysLeft(deadline: string, now: number): number {
  const left = Date.parse(deadline) - now;
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}
