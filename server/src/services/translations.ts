/**
 * The translation catalogue: a flat key -> text map per locale, served to the SPA
 * (GET /common/api/v1/FrontendTranslation/{locale}/) and used by the server for the texts of
 * the messages it sends. Placeholders are `{{name}}`, as rosetta renders them. The catalogues
 * themselves are data in server/src/locales/, which the prerender script and the SPA's tests read too.
 */
import en from '../locales/en.json' with { type: 'json' };
import kaa from '../locales/kaa.json' with { type: 'json' };
import ru from '../locales/ru.json' with { type: 'json' };
import uz from '../locales/uz.json' with { type: 'json' };
import uzc from '../locales/uzc.json' with { type: 'json' };
import type { CatalogueKey } from '../contract/error-keys.js';
import type { Locale } from '../lib/locales.js';

export type Catalogue = Readonly<Record<string, string>>;

export const catalogues: Readonly<Record<Locale, Catalogue>> = { uz, uzc, kaa, ru, en };

/** The text of `key` in `locale` (falling back to uz, then to the key), placeholders filled. */
export function translate(locale: Locale, key: CatalogueKey, params: Record<string, string | number> = {}): string {
  const template = catalogues[locale][key] ?? catalogues.uz[key] ?? key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}
