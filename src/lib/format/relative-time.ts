/** "How long ago" for timestamps (sessions, sign-ins), as a translation key or a fixed date text. */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A translation key with its count, or a ready text (an absolute date) when no relative wording applies. */
export type RelativeTime =
  { key: 'just_now' } | { key: 'minutes_ago' | 'hours_ago' | 'days_ago'; n: number } | { text: string };

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** DD.MM.YYYY HH:mm in the runtime's local time zone. */
function absolute(date: Date): string {
  return `${pad2(date.getDate())}.${pad2(date.getMonth() + 1)}.${date.getFullYear()} ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** DD.MM.YYYY HH:mm of an instant, in the reader's time zone (a complaint's dates); '' when it does not parse. */
export function localDateTime(at: Date | number | string): string {
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? '' : absolute(date);
}

/**
 * The relative-time rule of docs/product.md §9: under 60 s just now, then minutes, hours below 24 h, days below 3
 * days, then DD.MM.YYYY HH:mm. Counts are floored (60 s is 1 minute, 24 h is 1 day, exactly 3 days is still 3 days).
 * Anything older than 3 days, or more than 60 s in the future (clock skew within that is "just now"), is the
 * local date text. An unparseable `at` gives `{ text: '' }` rather than throwing.
 */
export function relativeTime(at: Date | number | string, nowMs: number): RelativeTime {
  const date = at instanceof Date ? at : new Date(at);
  const atMs = date.getTime();
  if (Number.isNaN(atMs)) return { text: '' };
  const elapsed = nowMs - atMs;
  if (elapsed < -MINUTE || elapsed > 3 * DAY) return { text: absolute(date) };
  if (elapsed < MINUTE) return { key: 'just_now' };
  if (elapsed < HOUR) return { key: 'minutes_ago', n: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { key: 'hours_ago', n: Math.floor(elapsed / HOUR) };
  return { key: 'days_ago', n: Math.floor(elapsed / DAY) };
}
