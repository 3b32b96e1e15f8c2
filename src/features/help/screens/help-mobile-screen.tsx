/**
 * /mobile-{page} (HelpCenterSingleMobile, issue 38): the article for a phone app's in-app browser, in
 * the custom layout — no header, no footer, no search, nothing that leads out of the help centre's
 * mobile pages (docs/product.md §2) — in the language the app asked for (`lang` with `isMobile=true`,
 * or `language`; app/navigation.ts switches to it before this page shows).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { LoadState } from '../../../components/load-state';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { helpApi } from '../api/help-api';
import { ArticleView } from '../components/article-view';
import { createHelpModel } from '../models/help-model';

export default function HelpMobileScreen() {
  useSignals();
  const i18n = useI18n();
  const { http, config } = useServices();
  const [model] = useState(() => createHelpModel({ api: helpApi(http, config.commonApi) }));
  const [location] = useLocation();
  const page = /^\/mobile-([^/]+)\/?$/.exec(location)?.[1] ?? '';
  const locale = i18n.locale.value;
  useEffect(() => {
    void model.loadArticle(page, locale);
  }, [model, page, locale]);
  const article = model.article.value;
  return (
    <div className="help-mobile">
      <LoadState state={model.articleState.value} onRetry={() => void model.loadArticle(page, locale)} />
      {model.articleState.value === 'ready' && article ? <ArticleView article={article} model={model} mobile /> : null}
    </div>
  );
}
