import { DEFAULT_LOCALE, isLocale, type Locale } from '../contract/locales.js';

// The list, the default and the check live in the contract, which the SPA reads too; the server's code keeps importing them from here.
export { DEFAULT_LOCALE, isLocale, LOCALES, localeOfBrowserLanguage, type Locale } from '../contract/locales.js';

/** Picks the first supported language of an Accept-Language header (uz-Cyrl means uzc). */
export function localeFromAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const tags = header
    .split(',')
    .map((part) => part.split(';')[0]?.trim().toLowerCase() ?? '')
    .filter(Boolean);
  for (const tag of tags) {
    if (tag === 'uz-cyrl' || tag.startsWith('uz-cyrl-')) return 'uzc';
    const base = tag.split('-')[0] ?? '';
    if (isLocale(tag)) return tag;
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
