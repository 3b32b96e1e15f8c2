/** One article as both help-centre pages show it: its title, date, blocks, related articles and "was this helpful?". */
import { dottedDate } from '../../../lib/format/birth-date';
import { isLocale, LANGUAGE_TAGS } from '../../../lib/i18n';
import { useI18n } from '../../../lib/use-i18n';
import { Row, RowList } from '../../../components/row';
import type { HelpArticle } from '../api/help-api';
import type { HelpModel } from '../models/help-model';
import { ArticleBody } from './article-body';
import { ArticleFeedback } from './article-feedback';

export function ArticleView({
  article,
  model,
  mobile = false,
}: {
  article: HelpArticle;
  model: HelpModel;
  mobile?: boolean;
}) {
  const i18n = useI18n();
  return (
    <article className="help-article" lang={isLocale(article.locale) ? LANGUAGE_TAGS[article.locale] : undefined}>
      <h1>{article.title}</h1>
      <p className="help-updated">{i18n.t('help_updated', { date: dottedDate(article.updated) })}</p>
      <ArticleBody blocks={article.blocks} mobile={mobile} />
      <ArticleFeedback model={model} id={article.id} />
      {article.related.length > 0 ? (
        <RowList title={i18n.t('help_related')} id="help-related">
          {article.related.map((related) => (
            <Row
              key={related.id}
              icon="help"
              label={related.title}
              href={mobile ? `/mobile-${related.id}` : `/help-center/${related.id}`}
            />
          ))}
        </RowList>
      ) : null}
    </article>
  );
}
