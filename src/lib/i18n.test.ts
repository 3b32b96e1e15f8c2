import { describe, expect, it } from 'vitest';
import { initialLocale, pluralCategory } from './i18n';

describe('the locale rule (SPEC §4)', () => {
  it('takes a valid cookie, else the browser language when en or ru, else uz', () => {
    expect(initialLocale('kaa', 'ru-RU')).toBe('kaa');
    expect(initialLocale('xx', 'ru-RU')).toBe('ru');
    expect(initialLocale(null, 'en-GB')).toBe('en');
    expect(initialLocale(null, 'de-DE')).toBe('uz');
    expect(initialLocale(null, undefined)).toBe('uz');
  });
});

describe('plural rules for ru, en and uz', () => {
  it('picks the CLDR category', () => {
    expect([1, 2, 5, 21, 22, 25].map((n) => pluralCategory('ru', n))).toEqual(['one', 'few', 'many', 'one', 'few', 'many']);
    expect([1, 2, 5].map((n) => pluralCategory('en', n))).toEqual(['one', 'other', 'other']);
    expect([1, 2].map((n) => pluralCategory('uz', n))).toEqual(['one', 'other']);
    expect(pluralCategory('uzc', 1)).toBe('one');
  });
});
