/** The five locales of the product; uz is the default and the fallback. Pure, no imports (the browser and the widget import it). */
export const LOCALES = ['uz', 'uzc', 'kaa', 'ru', 'en'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'uz';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The locale of a first visit, from the browser's first language (navigator.language, the first
 * entry of Accept-Language): en or ru when it is one of them, else the default. The SPA's choice and
 * the server's prerendered page use this one rule, so the page hydrates in the language the SPA picks.
 */
export function localeOfBrowserLanguage(language: string | undefined): Locale {
  const base = (language ?? '').trim().toLowerCase().split('-')[0];
  return base === 'en' || base === 'ru' ? base : DEFAULT_LOCALE;
}
