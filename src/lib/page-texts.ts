/**
 * The texts a prerendered page carries (server/scripts/prerender.mjs writes them after the markup as
 * `<script type="application/json" id="kirish-texts">`), so that the page hydrates in its locale
 * without waiting for the translations call.
 */
import { isLocale, type PreloadedTexts } from './i18n';

export const PAGE_TEXTS_ID = 'kirish-texts';

export function readPageTexts(document: Pick<Document, 'getElementById'>): PreloadedTexts | null {
  const element = document.getElementById(PAGE_TEXTS_ID);
  if (!element?.textContent) return null;
  try {
    const data = JSON.parse(element.textContent) as { locale?: unknown; texts?: unknown };
    if (!isLocale(data.locale) || typeof data.texts !== 'object' || data.texts === null) return null;
    return { locale: data.locale, texts: data.texts as Record<string, string> };
  } catch {
    return null;
  }
}
