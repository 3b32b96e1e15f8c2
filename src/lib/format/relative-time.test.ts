import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Built from local fields, so it is 15 June 2024 12:00 local whatever the runtime's time zone.
const NOW = new Date(2024, 5, 15, 12, 0, 0).getTime();

const p = (n: number) => String(n).padStart(2, '0');

/** The expected text for an instant, built with the local getters of docs/product.md §9 (DD.MM.YYYY HH:mm, local time). */
function localText(ms: number): string {
  const d = new Date(ms);
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

describe('relativeTime', () => {
  it.each([
    ['the same instant', 0],
    ['59.999 s ago', MINUTE - 1],
    ['30 s in the future (clock skew)', -30 * SECOND],
    ['exactly 60 s in the future', -MINUTE],
  ])('says just now for %s', (_label, ago) => {
    expect(relativeTime(NOW - ago, NOW)).toEqual({ key: 'just_now' });
  });

  it.each([
    ['exactly 60 s', MINUTE, 1],
    ['1 min 59 s (floored)', 2 * MINUTE - SECOND, 1],
    ['59 min 59 s', HOUR - SECOND, 59],
  ])('counts minutes for %s ago', (_label, ago, n) => {
    expect(relativeTime(NOW - ago, NOW)).toEqual({ key: 'minutes_ago', n });
  });

  it.each([
    ['exactly 1 h', HOUR, 1],
    ['2 h 59 min (floored)', 3 * HOUR - MINUTE, 2],
    ['23 h 59 min 59 s', DAY - SECOND, 23],
  ])('counts hours for %s ago', (_label, ago, n) => {
    expect(relativeTime(NOW - ago, NOW)).toEqual({ key: 'hours_ago', n });
  });

  it.each([
    ['exactly 24 h', DAY, 1],
    ['47 h 59 min (floored)', 2 * DAY - MINUTE, 1],
    ['exactly 3 days', 3 * DAY, 3],
  ])('counts days for %s ago', (_label, ago, n) => {
    expect(relativeTime(NOW - ago, NOW)).toEqual({ key: 'days_ago', n });
  });

  it('gives the local date text just past 3 days', () => {
    const at = NOW - 3 * DAY - 1;
    expect(relativeTime(at, NOW)).toEqual({ text: localText(at) });
  });

  it('gives the local date text for a time more than 60 s in the future', () => {
    const at = NOW + MINUTE + 1;
    expect(relativeTime(at, NOW)).toEqual({ text: localText(at) });
  });

  it('zero-pads day, month, hour and minute as DD.MM.YYYY HH:mm in local time', () => {
    const at = new Date(2024, 0, 5, 7, 3, 9);
    expect(relativeTime(at, NOW)).toEqual({ text: '05.01.2024 07:03' });
  });

  it('uses the local time zone, not UTC, for the date text', () => {
    const saved = process.env.TZ;
    process.env.TZ = 'Asia/Tashkent'; // UTC+5 all year
    try {
      expect(relativeTime(Date.UTC(2024, 0, 5, 23, 30), NOW)).toEqual({ text: '06.01.2024 04:30' });
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });

  it('accepts a Date, epoch milliseconds or an ISO string for the same instant', () => {
    const at = NOW - 5 * MINUTE;
    const expected = { key: 'minutes_ago', n: 5 };
    expect(relativeTime(new Date(at), NOW)).toEqual(expected);
    expect(relativeTime(at, NOW)).toEqual(expected);
    expect(relativeTime(new Date(at).toISOString(), NOW)).toEqual(expected);
  });

  it('formats an ISO string older than 3 days in local time', () => {
    const iso = '2024-01-05T10:20:00Z';
    expect(relativeTime(iso, NOW)).toEqual({ text: localText(Date.parse(iso)) });
  });

  it('gives an empty text for an unparseable time instead of throwing', () => {
    expect(relativeTime('not a date', NOW)).toEqual({ text: '' });
    expect(relativeTime(Number.NaN, NOW)).toEqual({ text: '' });
  });
});
