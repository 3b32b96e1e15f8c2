/**
 * The help centre's API (issue 38, docs/api.md "Help centre"), under /common/api/v1/help:
 *   GET  articles/?locale=             the sections and the articles' titles, summaries and text
 *   GET  articles/{id}/?locale=        one article as blocks, its related articles and its date
 *   POST articles/{id}/feedback/       {helpful}: "was this helpful?", counted, limited per address
 * No locale is the default (uz); a locale outside the five is a 400 `locale_not_found`, so a typo in a
 * link shows up instead of quietly answering in Uzbek.
 */
import { Hono, type Context } from 'hono';
import type { AppEnv, RouteDeps } from '../../app-env.js';
import { HELP_FEEDBACK_PER_HOUR_PER_IP } from '../../config/policy.js';
import type { HelpArticle, HelpArticleList, HelpFeedbackRequest } from '../../contract/help.js';
import { HELP_SECTIONS } from '../../contract/help.js';
import { ApiError, badRequest, tooManyRequests } from '../../lib/api-error.js';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../lib/locales.js';
import { readJsonBody, requestSchema, v } from '../../lib/validation.js';
import { createRateLimiter } from '../../services/rate-limiter.js';
import { translate } from '../../services/translations.js';
import { helpLibrary, type HelpLibrary, type LoadedArticle } from './help-articles.js';

const feedbackSchema = requestSchema<HelpFeedbackRequest>()(v.strictObject({ helpful: v.boolean('invalid_value') }));

const SECTION_TITLE = {
  legal: 'help_section_legal',
  'signing-in': 'help_section_signing_in',
  account: 'help_section_account',
} as const;

function localeOf(c: Context<AppEnv>): Locale {
  const asked = c.req.query('locale');
  if (asked === undefined || asked === '') return DEFAULT_LOCALE;
  if (!isLocale(asked)) throw badRequest('locale_not_found', 'locale');
  return asked;
}

export function helpRoutes(
  { storage, clock }: Pick<RouteDeps, 'storage' | 'clock'>,
  library: HelpLibrary = helpLibrary(),
) {
  const limiter = createRateLimiter(storage, clock, {
    scope: 'help_feedback_ip',
    limit: HELP_FEEDBACK_PER_HOUR_PER_IP,
    windowSeconds: 60 * 60,
  });
  const find = (locale: Locale, id: string): LoadedArticle => {
    const article = library[locale].get(id);
    if (!article) throw new ApiError(404, [{ error: 'not_found' }]);
    return article;
  };

  const app = new Hono<AppEnv>();

  app.get('/articles/', (c) => {
    const locale = localeOf(c);
    const body: HelpArticleList = {
      locale,
      sections: HELP_SECTIONS.map((id) => ({ id, title: translate(locale, SECTION_TITLE[id]) })),
      articles: [...library[locale].values()].map(({ id, section, title, summary, text }) => ({
        id,
        section,
        title,
        summary,
        text,
      })),
    };
    return c.json(body);
  });

  app.get('/articles/:id/', (c) => {
    const locale = localeOf(c);
    const { id, section, title, summary, updated, blocks, relatedIds } = find(locale, c.req.param('id'));
    const related = relatedIds.map((relatedId) => ({ id: relatedId, title: find(locale, relatedId).title }));
    const body: HelpArticle = { id, locale, section, title, summary, updated, blocks, related };
    return c.json(body);
  });

  app.post('/articles/:id/feedback/', async (c) => {
    const locale = localeOf(c);
    const article = find(locale, c.req.param('id'));
    const { helpful } = await readJsonBody(c, feedbackSchema);
    // Only well-formed answers count against the address: a broken body counts nothing anyway.
    const retryAfter = await limiter.hit(c.get('meta').ip);
    if (retryAfter > 0) throw tooManyRequests('rate_limit_error', retryAfter);
    await storage.helpFeedback.count(article.id, locale, helpful);
    return c.body(null, 204);
  });

  return app;
}
