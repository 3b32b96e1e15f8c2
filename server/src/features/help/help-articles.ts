/**
 * The help centre's articles (issue 38): Markdown files per locale in server/src/help/articles/{locale}/
 * (read from the source folder by the built server too: they are data, not code), parsed once into
 * the contract's blocks (lib/help-markdown.ts) and checked, so a missing translation, an unknown
 * section or a related id that does not exist stops the start instead of reaching a reader.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HELP_SECTIONS, type HelpArticle, type HelpSection } from '../../contract/help.js';
import { parseHelpMarkdown, plainText } from '../../lib/help-markdown.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../lib/locales.js';

/** server/src/help/articles/, from this file in server/src/features/help/ or server/dist/features/help/. */
export const ARTICLES_FOLDER = fileURLToPath(new URL('../../../src/help/articles/', import.meta.url));

export interface LoadedArticle extends Omit<HelpArticle, 'related' | 'locale'> {
  relatedIds: string[];
  text: string;
}

export type HelpLibrary = Readonly<Record<Locale, ReadonlyMap<string, LoadedArticle>>>;

const ID = /^[a-z0-9-]+$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function loadLocale(folder: string, locale: Locale): Map<string, LoadedArticle> {
  const articles = new Map<string, LoadedArticle>();
  const files = readdirSync(`${folder}${locale}`)
    .filter((name) => name.endsWith('.md'))
    .toSorted();
  for (const file of files) {
    const id = file.slice(0, -'.md'.length);
    const where = `help/articles/${locale}/${file}`;
    if (!ID.test(id)) throw new Error(`${where}: an article id is lower-case letters, digits and -`);
    const { meta, title, blocks } = parseHelpMarkdown(readFileSync(`${folder}${locale}/${file}`, 'utf8'));
    const section = meta.section as HelpSection;
    if (!HELP_SECTIONS.includes(section)) throw new Error(`${where}: unknown section ${meta.section}`);
    if (!DAY.test(meta.updated ?? '')) throw new Error(`${where}: updated is YYYY-MM-DD`);
    if (!meta.summary) throw new Error(`${where}: a summary is needed`);
    const relatedIds = (meta.related ?? '')
      .split(',')
      .map((related) => related.trim())
      .filter(Boolean);
    articles.set(id, {
      id,
      section,
      title,
      summary: meta.summary,
      updated: meta.updated ?? '',
      blocks,
      relatedIds,
      text: plainText(blocks),
    });
  }
  return articles;
}

export function loadHelpLibrary(folder = ARTICLES_FOLDER): HelpLibrary {
  const library = Object.fromEntries(LOCALES.map((locale) => [locale, loadLocale(folder, locale)])) as Record<
    Locale,
    Map<string, LoadedArticle>
  >;
  const ids = [...library[DEFAULT_LOCALE].keys()];
  for (const locale of LOCALES) {
    const here = [...library[locale].keys()];
    if (here.join() !== ids.join()) throw new Error(`help/articles/${locale} holds ${here.join()}, not ${ids.join()}`);
    for (const article of library[locale].values()) {
      const missing = article.relatedIds.find((related) => !library[locale].has(related));
      if (missing) throw new Error(`help/articles/${locale}/${article.id}.md: no article ${missing} to relate`);
    }
  }
  return library;
}

let loaded: HelpLibrary | undefined;

/** The articles of server/src/help/articles/, read on first use and kept. */
export function helpLibrary(): HelpLibrary {
  loaded ??= loadHelpLibrary();
  return loaded;
}
