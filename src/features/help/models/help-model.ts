/**
 * The help centre (issue 38): the list of articles with its sections, the article shown, the search as
 * you type over titles and text (debounced, docs/product.md §9), and "was this helpful?", answered once
 * per article on this device (localStorage `helpFeedback`, listed in the cookies article).
 */
import { computed, signal } from '@preact/signals-react';
import { readItem, writeItem } from '../../../lib/browser-storage';
import { debounce } from '../../../lib/debounce';
import type { HelpApi, HelpArticle, HelpArticleList } from '../api/help-api';

/** Named here rather than in lib/storage-keys.ts, which is in every page's first download. */
export const HELP_FEEDBACK_KEY = 'helpFeedback';
/** Search waits this long after the last key, so a word typed quickly filters once. */
export const HELP_SEARCH_DEBOUNCE_MS = 250;

type LoadState = 'loading' | 'ready' | 'failed';

const answeredIds = (): string[] => {
  try {
    const stored: unknown = JSON.parse(readItem('local', HELP_FEEDBACK_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
};

/** Lower-case, without the marks that differ between how people type and how the text is written. */
const fold = (text: string) =>
  text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f‘’ʻʼ']/g, '');

export function createHelpModel(deps: { api: HelpApi }) {
  const listState = signal<LoadState>('loading');
  const list = signal<HelpArticleList | null>(null);
  const articleState = signal<LoadState>('loading');
  const article = signal<HelpArticle | null>(null);
  /** What the search box holds, and what the list is filtered by (the same, a moment later). */
  const typed = signal('');
  const query = signal('');
  const answered = signal<readonly string[]>(answeredIds());
  const applyQuery = debounce((text: string) => {
    query.value = text;
  }, HELP_SEARCH_DEBOUNCE_MS);

  const results = computed(() => {
    const articles = list.value?.articles ?? [];
    const words = fold(query.value).split(/\s+/).filter(Boolean);
    if (words.length === 0) return articles;
    return articles.filter((one) => {
      const haystack = fold(`${one.title} ${one.summary} ${one.text}`);
      return words.every((word) => haystack.includes(word));
    });
  });

  let articleRun = 0;
  return {
    listState,
    list,
    articleState,
    article,
    typed,
    query,
    results,
    async loadList(locale: string) {
      listState.value = 'loading';
      try {
        list.value = await deps.api.list(locale);
        listState.value = 'ready';
      } catch {
        listState.value = 'failed';
      }
    },
    async loadArticle(id: string, locale: string) {
      const run = ++articleRun;
      articleState.value = 'loading';
      try {
        const loaded = await deps.api.article(id, locale);
        if (run !== articleRun) return;
        article.value = loaded;
        articleState.value = 'ready';
      } catch {
        if (run === articleRun) articleState.value = 'failed';
      }
    },
    search(text: string) {
      typed.value = text;
      applyQuery(text);
    },
    hasAnswered: (id: string) => answered.value.includes(id),
    /** Counts the answer once per article on this device; the thanks shows even if the count fails. */
    async answer(id: string, locale: string, helpful: boolean) {
      if (answered.peek().includes(id)) return;
      answered.value = [...answered.peek(), id];
      writeItem('local', HELP_FEEDBACK_KEY, JSON.stringify(answered.peek()));
      try {
        await deps.api.feedback(id, locale, helpful);
      } catch {
        // A lost count is not the reader's problem: nothing to retry or show.
      }
    },
    dispose: () => applyQuery.cancel(),
  };
}

export type HelpModel = ReturnType<typeof createHelpModel>;
