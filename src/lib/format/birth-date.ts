/** Birth date checks for the profile form. */

/** A calendar date as the user typed it; validity is checked separately by isValidBirthDate. */
export type BirthDate = { day: number; month: number; year: number };

const MIN_YEAR = 1900;

function daysInMonth(month: number, year: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/**
 * The birth-date rule of docs/product.md §5: a date on the calendar (day 1–31, month 1–12), year 1900 to the
 * current one, not after today. Integers only; the day must exist in that month (31.02 and 29.02.1900 are not dates); `now`'s
 * local calendar date is the last allowed day, so today is valid and tomorrow is not.
 */
export function isValidBirthDate(input: BirthDate, now: Date): boolean {
  const { day, month, year } = input;
  if (!Number.isInteger(day) || !Number.isInteger(month) || !Number.isInteger(year)) return false;
  if (year < MIN_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(month, year)) return false;
  const today = [now.getFullYear(), now.getMonth() + 1, now.getDate()] as const;
  if (year !== today[0]) return year < today[0];
  if (month !== today[1]) return month < today[1];
  return day <= today[2];
}

/**
 * Reads "DD.MM.YYYY" (as typed in the form, docs/product.md §5) or "YYYY-MM-DD" (an <input type="date"> value), two-digit
 * day and month, surrounding whitespace ignored. Only the shape is checked here, so "31.02.2000" parses;
 * pass the result to isValidBirthDate. Anything else gives null.
 */
export function parseBirthDate(text: string): BirthDate | null {
  const value = text.trim();
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(value);
  if (dotted) return { day: Number(dotted[1]), month: Number(dotted[2]), year: Number(dotted[3]) };
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (iso) return { day: Number(iso[3]), month: Number(iso[2]), year: Number(iso[1]) };
  return null;
}

/** "YYYY-MM-DD" (as the API keeps it) as people here write and type it: "DD.MM.YYYY"; anything else as it is. */
export function dottedDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

/** The API's "YYYY-MM-DD" of a parsed date. */
export function isoDate({ day, month, year }: BirthDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Digits as typed into a DD.MM.YYYY field, the dots put in: "08031995" → "08.03.1995". */
export function maskDottedDate(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('.');
}
