import type { HelpArticle, HelpArticleList, HelpFeedbackRequest } from '../../../../server/src/contract/help.js';
import type { Http } from '../../../lib/http';

export type { HelpArticle, HelpArticleList };

/** The help centre's calls (docs/api.md, Help centre): open to everyone, in the reader's locale. */
export function helpApi(http: Http, commonApi: string) {
  const articles = `${commonApi}/help/articles`;
  return {
    list: (locale: string) => http.get<HelpArticleList>(`${articles}/`, { params: { locale } }),
    article: (id: string, locale: string) =>
      http.get<HelpArticle>(`${articles}/${encodeURIComponent(id)}/`, { params: { locale } }),
    feedback: (id: string, locale: string, helpful: boolean) =>
      http.post(`${articles}/${encodeURIComponent(id)}/feedback/?locale=${locale}`, {
        helpful,
      } satisfies HelpFeedbackRequest),
  };
}

export type HelpApi = ReturnType<typeof helpApi>;
