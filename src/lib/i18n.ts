/**
 * The one wrapper around rosetta. The active locale's texts come from the common API; the locale is
 * chosen by docs/product.md §4's rule and remembered in localStorage `locale` and the `_locale` cookie.
 */
import { signal, type ReadonlySignal } from '@preact/signals-react';
import rosetta from 'rosetta';
import { readItem, writeItem } from './browser-storage';
import { getCookie, setCookie } from './cookies';
import { COOKIE_DAYS, LOCALE_COOKIE, LOCALE_KEY } from './storage-keys';
import type { CatalogueKey } from '../../server/src/contract/error-keys.js';
import { isLocale, localeOfBrowserLanguage, LOCALES, type Locale } from '../../server/src/contract/locales.js';

/** The product's locales and the rule of a first visit: the contract's, which the server follows too. */
export { isLocale, LOCALES, type Locale };

/** The BCP 47 tag of each locale, for Intl and the document's lang attribute. */
export const LANGUAGE_TAGS: Readonly<Record<Locale, string>> = {
  uz: 'uz-Latn',
  uzc: 'uz-Cyrl',
  kaa: 'kaa',
  ru: 'ru',
  en: 'en',
};

/** docs/product.md §4: the cookie when it is valid; else the browser's language when en or ru; else uz. */
export function initialLocale(cookie: string | null, browserLanguage: string | undefined): Locale {
  return isLocale(cookie) ? cookie : localeOfBrowserLanguage(browserLanguage);
}

/** The plural category of `n`; uzc and kaa follow Uzbek (one, other). */
export function pluralCategory(locale: Locale, n: number): Intl.LDMLPluralRule {
  const tag = locale === 'uzc' || locale === 'kaa' ? 'uz' : locale;
  return new Intl.PluralRules(tag).select(n);
}

export type Params = Record<string, string | number>;

export interface I18n {
  locale: ReadonlySignal<Locale>;
  /** True once the active locale's texts are loaded. */
  ready: ReadonlySignal<boolean>;
  /** A key of the catalogue: one missing from it is a type error (server/src/contract/error-keys.ts). */
  t(key: CatalogueKey, params?: Params): string;
  /** The plural form of `key` for `n` (`key_one`, `key_few`, `key_many`, or `key` itself for other). */
  tn(key: CatalogueKey, n: number, params?: Params): string;
  /** Whether the loaded texts hold `key`: how a key that came from the server is known to be one. */
  has(key: string): key is CatalogueKey;
  setLocale(locale: Locale): Promise<void>;
}

/** The locale this browser asks for (docs/product.md §4): the cookie, the stored choice, the browser's language. */
export function preferredLocale(): Locale {
  return initialLocale(getCookie(LOCALE_COOKIE) ?? readItem('local', LOCALE_KEY), navigator.language);
}

export type TextTable = Record<string, string>;

/** A locale's texts that came with the page (a prerendered page carries them), so none is fetched. */
export interface PreloadedTexts {
  locale: Locale;
  texts: TextTable;
}

/**
 * `preloaded` makes the translator ready at once, in that locale, without touching the browser:
 * the prerender builds it on the server, and a prerendered page hydrates with the texts it carries.
 */
export function createI18n(fetchTable: (locale: Locale) => Promise<TextTable>, preloaded?: PreloadedTexts): I18n {
  const texts = rosetta<TextTable>();
  const locale = signal<Locale>(preloaded?.locale ?? preferredLocale());
  const ready = signal(preloaded !== undefined);
  const loaded = new Set<Locale>();
  if (preloaded) {
    texts.set(preloaded.locale, preloaded.texts);
    texts.locale(preloaded.locale);
    loaded.add(preloaded.locale);
  }
  // Bumped whenever texts change, so components that read it re-render.
  const revision = signal(0);

  const lookup = (key: string) => {
    void revision.value;
    return texts.table(locale.peek())?.[key];
  };

  return {
    locale,
    ready,
    has: (key): key is CatalogueKey => lookup(key) !== undefined,
    t(key, params) {
      const text = lookup(key);
      return text === undefined ? '' : texts.t(key, params);
    },
    tn(key, n, params) {
      const category = pluralCategory(locale.value, n);
      const form = category === 'other' ? key : `${key}_${category}`;
      // A plural form is looked up before it is used: `form` is a key when the lookup finds it.
      return this.t(lookup(form) === undefined ? key : (form as CatalogueKey), { n, ...params });
    },
    async setLocale(next) {
      if (!loaded.has(next)) {
        texts.set(next, await fetchTable(next));
        loaded.add(next);
      }
      texts.locale(next);
      locale.value = next;
      writeItem('local', LOCALE_KEY, next);
      setCookie(LOCALE_COOKIE, next, COOKIE_DAYS);
      document.documentElement.lang = LANGUAGE_TAGS[next];
      revision.value += 1;
      ready.value = true;
    },
  };
}
