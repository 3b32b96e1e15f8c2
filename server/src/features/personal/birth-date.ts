/**
 * docs/product.md §5: a birth date is a real calendar date, year 1900 or later, not in the future. "Today" is
 * the date in Uzbekistan (UTC+5, no daylight saving): someone born today in Tashkent is not refused
 * because it is still yesterday in UTC.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UZBEKISTAN_UTC_OFFSET_MS = 5 * 60 * 60 * 1000;
const EARLIEST_YEAR = 1900;

/** The key of what is wrong with `value` (`YYYY-MM-DD`) at the moment `nowMs`, or null. */
export function birthDateProblem(value: string, nowMs: number): 'invalid_birth_date' | null {
  const match = DATE.exec(value);
  if (!match) return 'invalid_birth_date';
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2023-02-30 over to March: a real date survives the round trip unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return 'invalid_birth_date';
  if (year < EARLIEST_YEAR) return 'invalid_birth_date';
  const today = new Date(nowMs + UZBEKISTAN_UTC_OFFSET_MS).toISOString().slice(0, 10);
  if (value > today) return 'invalid_birth_date';
  return null;
}
