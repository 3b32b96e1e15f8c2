/**
 * /help-center/{id} (HelpCenterSingle, issue 38): the search over every article as you type, the
 * sections with their articles, the article itself, and the ways to reach a person: the messenger
 * support link of the site's configuration and the complaint form. Open to everyone (the guard skips
 * the help centre, docs/product.md §2 step 1).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { Link, useRoute } from 'wouter';
import { EmptyState } from '../../../components/empty-state';
import { LoadState } from '../../../components/load-state';
import { Row, RowList } from '../../../components/row';
import { TextField } from '../../../components/text-field';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { helpApi } from '../api/help-api';
import { ArticleView } from '../components/article-view';
import { createHelpModel, type HelpModel } from '../models/help-model';

function SectionsNav({ model, current }: { model: HelpModel; current: string }) {
  const i18n = useI18n();
  const list = model.list.value;
  if (!list) return <LoadState state={model.listState.value} onRetry={() => void model.loadList(i18n.locale.peek())} />;
  return (
    <nav className="help-nav" aria-label={i18n.t('help_articles_nav')}>
      {list.sections.map((section) => (
        <section key={section.id} aria-labelledby={`help-section-${section.id}`}>
          <h2 className="help-nav-title" id={`help-section-${section.id}`}>
            {section.title}
          </h2>
          <ul>
            {list.articles
              .filter((article) => article.section === section.id)
              .map((article) => (
                <li key={article.id}>
                  <Link href={`/help-center/${article.id}`} aria-current={article.id === current ? 'page' : undefined}>
                    {article.title}
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}

function SearchResults({ model }: { model: HelpModel }) {
  const i18n = useI18n();
  const results = model.results.value;
  if (results.length === 0)
    return (
      <div className="panel" role="status">
        <EmptyState icon="help" title={i18n.t('help_search_empty', { query: model.query.value })} />
      </div>
    );
  return (
    <div role="status" aria-live="polite">
      <RowList>
        {results.map((article) => (
          <Row
            key={article.id}
            icon="help"
            label={article.title}
            detail={article.summary}
            href={`/help-center/${article.id}`}
          />
        ))}
      </RowList>
    </div>
  );
}

function Support() {
  const i18n = useI18n();
  const { config } = useServices();
  return (
    <aside className="help-support panel">
      <p>{i18n.t('help_support_hint')}</p>
      <div className="row">
        <a className="button button-secondary" href={config.helpCentreLink} target="_blank" rel="noopener noreferrer">
          {i18n.t('help_support_link')}
        </a>
        {/* Slot of issue 38's complaints part (38-OPS): the form opens from here. */}
        <Link className="button button-secondary" href="/help-center/my-complaints?new=1">
          {i18n.t('help_file_complaint')}
        </Link>
      </div>
    </aside>
  );
}

export default function HelpCentreScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config } = useServices();
  const [model] = useState(() => createHelpModel({ api: helpApi(http, config.commonApi) }));
  const [, params] = useRoute<{ id: string }>('/help-center/:id');
  const id = params?.id ?? '';
  const locale = i18n.locale.value;
  useEffect(() => {
    void model.loadList(locale);
  }, [model, locale]);
  useEffect(() => {
    void model.loadArticle(id, locale);
  }, [model, id, locale]);
  useEffect(() => model.dispose, [model]);
  const article = model.article.value;
  const searching = model.query.value.trim() !== '';
  return (
    <div className="help-centre stack">
      <p className="help-eyebrow">{i18n.t('title_help_center')}</p>
      <TextField
        type="search"
        label={i18n.t('help_search_label')}
        value={model.typed.value}
        onValue={(text) => model.search(text)}
        autoComplete="off"
        className="help-search"
      />
      {searching ? (
        <SearchResults model={model} />
      ) : (
        <div className="help-layout">
          <div className="help-main">
            <LoadState state={model.articleState.value} onRetry={() => void model.loadArticle(id, locale)} />
            {model.articleState.value === 'ready' && article ? <ArticleView article={article} model={model} /> : null}
          </div>
          <SectionsNav model={model} current={id} />
        </div>
      )}
      <Support />
    </div>
  );
}
