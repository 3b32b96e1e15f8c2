import { describe, expect, it } from 'vitest';
import { dottedDate, isoDate, isValidBirthDate, maskDottedDate, parseBirthDate } from './birth-date';

// Local fields, so "today" is 15 June 2024 whatever the runtime's time zone.
const NOW = new Date(2024, 5, 15, 12, 0, 0);

describe('isValidBirthDate', () => {
  it.each([
    ['an ordinary date', 14, 3, 1990],
    ['29 February of a leap year', 29, 2, 2000],
    ['29 February of a leap year not divisible by 100', 29, 2, 2024 - 4],
    ['31 January', 31, 1, 2000],
    ['30 April', 30, 4, 2000],
    ['1 January 1900, the first allowed day', 1, 1, 1900],
    ['today', 15, 6, 2024],
    ['yesterday', 14, 6, 2024],
    ['an earlier month of this year', 31, 5, 2024],
  ])('accepts %s', (_label, day, month, year) => {
    expect(isValidBirthDate({ day, month, year }, NOW)).toBe(true);
  });

  it.each([
    ['31 February', 31, 2, 2000],
    ['30 February', 30, 2, 2000],
    ['29 February of a common year', 29, 2, 2001],
    ['29 February 1900 (divisible by 100, not by 400)', 29, 2, 1900],
    ['31 April', 31, 4, 2000],
    ['31 June', 31, 6, 2000],
    ['31 September', 31, 9, 2000],
    ['31 November', 31, 11, 2000],
    ['day 0', 0, 1, 2000],
    ['day 32', 32, 1, 2000],
    ['month 0', 1, 0, 2000],
    ['month 13', 1, 13, 2000],
    ['a year before 1900', 1, 1, 1899],
    ['31 December 1899', 31, 12, 1899],
    ['tomorrow', 16, 6, 2024],
    ['a later month of this year', 1, 7, 2024],
    ['next year', 1, 1, 2025],
    ['a fractional day', 1.5, 1, 2000],
    ['a fractional month', 1, 2.5, 2000],
    ['a fractional year', 1, 1, 2000.5],
    ['NaN', Number.NaN, 1, 2000],
    ['a negative day', -1, 1, 2000],
  ])('refuses %s', (_label, day, month, year) => {
    expect(isValidBirthDate({ day, month, year }, NOW)).toBe(false);
  });

  it('takes today from the local calendar date of now, late in the evening', () => {
    const lateEvening = new Date(2024, 5, 15, 23, 59, 59);
    expect(isValidBirthDate({ day: 15, month: 6, year: 2024 }, lateEvening)).toBe(true);
    expect(isValidBirthDate({ day: 16, month: 6, year: 2024 }, lateEvening)).toBe(false);
  });

  it('takes today from the local calendar date of now, just after midnight', () => {
    const justAfterMidnight = new Date(2024, 5, 16, 0, 0, 1);
    expect(isValidBirthDate({ day: 16, month: 6, year: 2024 }, justAfterMidnight)).toBe(true);
  });
});

describe('parseBirthDate', () => {
  it('reads DD.MM.YYYY', () => {
    expect(parseBirthDate('05.03.1990')).toEqual({ day: 5, month: 3, year: 1990 });
  });

  it('reads YYYY-MM-DD', () => {
    expect(parseBirthDate('1990-03-05')).toEqual({ day: 5, month: 3, year: 1990 });
  });

  it('ignores surrounding whitespace', () => {
    expect(parseBirthDate('  05.03.1990 ')).toEqual({ day: 5, month: 3, year: 1990 });
  });

  it('parses an impossible date by shape, leaving validity to isValidBirthDate', () => {
    const parsed = parseBirthDate('31.02.2000');
    expect(parsed).toEqual({ day: 31, month: 2, year: 2000 });
    expect(isValidBirthDate(parsed ?? { day: 0, month: 0, year: 0 }, NOW)).toBe(false);
  });

  it.each([
    ['29.02.2000', true],
    ['29.02.1900', false],
    ['01.01.1899', false],
    ['15.06.2024', true],
    ['16.06.2024', false],
    ['2000-02-29', true],
  ])('parses %s to a date whose validity is %s', (text, valid) => {
    const parsed = parseBirthDate(text);
    expect(parsed).not.toBeNull();
    expect(isValidBirthDate(parsed ?? { day: 0, month: 0, year: 0 }, NOW)).toBe(valid);
  });

  it.each([
    '',
    '5.3.1990',
    '05.03.90',
    '05/03/1990',
    '05-03-1990',
    '1990.03.05',
    '1990-3-5',
    '05.03.1990 12:00',
    '1990-03-05T00:00:00Z',
    'aa.bb.cccc',
    '05.03.19901',
  ])('returns null for %j', (text) => {
    expect(parseBirthDate(text)).toBeNull();
  });
});

describe('the DD.MM.YYYY form of a birth date', () => {
  it('shows the API’s YYYY-MM-DD as DD.MM.YYYY and sends a parsed date back as YYYY-MM-DD', () => {
    expect(dottedDate('1995-03-08')).toBe('08.03.1995');
    expect(dottedDate('not a date')).toBe('not a date');
    expect(isoDate({ day: 8, month: 3, year: 1995 })).toBe('1995-03-08');
    expect(isoDate(parseBirthDate(dottedDate('2000-12-31'))!)).toBe('2000-12-31');
  });

  it('puts the dots in as digits are typed, and keeps nothing else', () => {
    expect(maskDottedDate('0')).toBe('0');
    expect(maskDottedDate('0803')).toBe('08.03');
    expect(maskDottedDate('08031995')).toBe('08.03.1995');
    expect(maskDottedDate('08.03.19955')).toBe('08.03.1995');
    expect(maskDottedDate('08/03/1995')).toBe('08.03.1995');
    expect(maskDottedDate('')).toBe('');
  });
});
