import { beforeEach, describe, expect, it } from 'vitest';
import type { CatalogueKey } from '../../server/src/contract/error-keys.js';
import { createI18n, initialLocale, pluralCategory, type Locale } from './i18n';

/** The fake tables' own keys, not the product catalogue's: the translator is tested apart from it. */
const TEST_KEY = { greeting: 'greeting', apples: 'apples' } as unknown as Record<'greeting' | 'apples', CatalogueKey>;

describe('the locale rule (docs/product.md §4)', () => {
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
    expect([1, 2, 5, 21, 22, 25].map((n) => pluralCategory('ru', n))).toEqual([
      'one',
      'few',
      'many',
      'one',
      'few',
      'many',
    ]);
    expect([1, 2, 5].map((n) => pluralCategory('en', n))).toEqual(['one', 'other', 'other']);
    expect([1, 2].map((n) => pluralCategory('uz', n))).toEqual(['one', 'other']);
    expect(pluralCategory('uzc', 1)).toBe('one');
  });
});

const TABLES: Partial<Record<Locale, Record<string, string>>> = {
  ru: {
    greeting: 'Привет, {{name}}! У вас {{count}} сообщений',
    apples_one: '{{n}} яблоко',
    apples_few: '{{n}} яблока',
    apples_many: '{{n}} яблок',
    apples: '{{n}} яблока (дробное)',
  },
  en: { apples_one: '{{n}} apple', apples: '{{n}} apples' },
  uz: { apples_one: '{{n}} ta olma (bitta)', apples: '{{n}} ta olma' },
};

function fakeTables() {
  const fetched: Locale[] = [];
  const fetchTable = (locale: Locale) => {
    fetched.push(locale);
    return Promise.resolve({ ...TABLES[locale] });
  };
  return { fetched, fetchTable };
}

function cookie(name: string): string | null {
  const pair = document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`));
  return pair ? decodeURIComponent(pair.slice(name.length + 1)) : null;
}

describe('the translator', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = '_locale=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    document.documentElement.lang = '';
  });

  it('loads a locale once, remembers it in localStorage and the cookie, and marks the page language', async () => {
    const { fetched, fetchTable } = fakeTables();
    const i18n = createI18n(fetchTable);
    expect(i18n.ready.value).toBe(false);

    await i18n.setLocale('ru');

    expect(fetched).toEqual(['ru']);
    expect(i18n.locale.value).toBe('ru');
    expect(i18n.ready.value).toBe(true);
    expect(localStorage.getItem('locale')).toBe('ru');
    expect(cookie('_locale')).toBe('ru');
    expect(document.documentElement.lang).toBe('ru');

    await i18n.setLocale('ru');
    expect(fetched).toEqual(['ru']);
  });

  it('is ready at once with the texts a prerendered page carries, fetching nothing and storing nothing', async () => {
    const { fetched, fetchTable } = fakeTables();
    const i18n = createI18n(fetchTable, { locale: 'ru', texts: { sign_in: 'Войти' } });

    expect(i18n.ready.value).toBe(true);
    expect(i18n.locale.value).toBe('ru');
    expect(i18n.t('sign_in')).toBe('Войти');
    expect(localStorage.getItem('locale')).toBeNull();

    // Switching to it later costs no call either.
    await i18n.setLocale('ru');
    expect(fetched).toEqual([]);
    expect(cookie('_locale')).toBe('ru');
  });

  it('marks the page with the BCP 47 tag of Latin Uzbek', async () => {
    const i18n = createI18n(fakeTables().fetchTable);
    await i18n.setLocale('uz');
    expect(document.documentElement.lang).toBe('uz-Latn');
  });

  it('fills {{placeholders}}', async () => {
    const i18n = createI18n(fakeTables().fetchTable);
    await i18n.setLocale('ru');
    expect(i18n.t(TEST_KEY.greeting, { name: 'Азиз', count: 3 })).toBe('Привет, Азиз! У вас 3 сообщений');
  });

  it('gives an empty text for a missing key, never the raw key', async () => {
    const i18n = createI18n(fakeTables().fetchTable);
    expect(i18n.t('error_try_again')).toBe('');
    await i18n.setLocale('ru');
    expect(i18n.t('error_try_again')).toBe('');
    expect(i18n.has('error_try_again')).toBe(false);
    expect(i18n.has('greeting')).toBe(true);
  });

  it('picks the plural form by CLDR category for ru', async () => {
    const i18n = createI18n(fakeTables().fetchTable);
    await i18n.setLocale('ru');
    expect([1, 2, 5, 21, 11].map((n) => i18n.tn(TEST_KEY.apples, n))).toEqual([
      '1 яблоко',
      '2 яблока',
      '5 яблок',
      '21 яблоко',
      '11 яблок',
    ]);
    expect(i18n.tn(TEST_KEY.apples, 1.5)).toBe('1.5 яблока (дробное)');
  });

  it('picks the plural form by CLDR category for en and uz', async () => {
    const i18n = createI18n(fakeTables().fetchTable);
    await i18n.setLocale('en');
    expect([1, 2].map((n) => i18n.tn(TEST_KEY.apples, n))).toEqual(['1 apple', '2 apples']);
    await i18n.setLocale('uz');
    expect([1, 5].map((n) => i18n.tn(TEST_KEY.apples, n))).toEqual(['1 ta olma (bitta)', '5 ta olma']);
  });

  it('falls back to the plain key when a plural form is missing', async () => {
    const i18n = createI18n(fakeTables().fetchTable);
    await i18n.setLocale('ru');
    expect(i18n.tn(TEST_KEY.greeting, 5, { name: 'A', count: 5 })).toBe('Привет, A! У вас 5 сообщений');
  });
});
