/**
 * A public app's way onto a partner's site: a whole page with the widget to copy (models/widget-page.ts),
 * the React component's package as Kirish serves it, and the way to the partner guide.
 */
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { widgetPackageUrl } from '../models/widget-page';
import { Copyable } from './copyable';
import { GuideHint } from './guide-hint';

export function WidgetSnippet({ page, origin, hasOrigins }: { page: string; origin: string; hasOrigins: boolean }) {
  const i18n = useI18n();
  const { config } = useServices();
  return (
    <section className="panel stack" aria-labelledby="dev-widget-title">
      <h2 id="dev-widget-title">{i18n.t('developers_widget_title')}</h2>
      <p>{i18n.t('developers_widget_hint')}</p>
      <Copyable label={i18n.t('developers_widget_snippet')} value={page} block />
      {hasOrigins ? null : (
        <p className="notice" role="note">
          {i18n.t('developers_widget_no_origin')}
        </p>
      )}
      <Copyable
        label={i18n.t('developers_react_install')}
        value={`npm install ${widgetPackageUrl(origin, config.version)}`}
      />
      <GuideHint text={i18n.t('developers_guide_hint')} />
    </section>
  );
}
