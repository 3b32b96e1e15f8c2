/**
 * The locale of a prerendered page: the one the SPA would choose for this visitor (docs/product.md §4), so
 * that the page it hydrates is already in that language. The `language` query comes first (docs/product.md §2
 * switches to it), then the `_locale` cookie (docs/product.md §3), then the browser's first language when it is
 * en or ru, else uz. The SPA also reads its localStorage copy of the choice, which no request
 * carries; where that differs it switches after hydrating.
 */
import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import { isLocale, localeOfBrowserLanguage, type Locale } from '../lib/locales.js';

/** docs/product.md §3: the cookie that holds the chosen language. */
export const LOCALE_COOKIE = '_locale';

export function pageLocale(c: Context): Locale {
  const requested = c.req.query('language');
  if (requested && isLocale(requested)) return requested;
  const chosen = getCookie(c, LOCALE_COOKIE);
  if (chosen && isLocale(chosen)) return chosen;
  // navigator.language is the first entry of Accept-Language.
  return localeOfBrowserLanguage((c.req.header('Accept-Language') ?? '').split(',')[0]?.split(';')[0]);
}
