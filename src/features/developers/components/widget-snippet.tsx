/** The script tag that puts the sign-in widget on the partner's page, ready to copy (README, For partner sites). */
import { useI18n } from '../../../lib/use-i18n';
import { Copyable } from './copyable';

/** The SSO server's origin: the API's, or this site's when the API is a path. */
export function ssoOrigin(ssoApi: string, here: string): string {
  return new URL(ssoApi, here).origin;
}

/** The loader is served by the SSO server (README, For partner sites). */
export function widgetSnippet(origin: string, clientId: string): string {
  const id = clientId.replace(/[&"<>]/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<div id="login"><script src="${origin}/widget/widget.js" data-client-id="${id}" async></script></div>`;
}

export function WidgetSnippet({ snippet, hasOrigins }: { snippet: string; hasOrigins: boolean }) {
  const i18n = useI18n();
  return (
    <section className="panel stack" aria-labelledby="dev-widget-title">
      <h2 id="dev-widget-title">{i18n.t('developers_widget_title')}</h2>
      <p>{i18n.t('developers_widget_hint')}</p>
      <Copyable label={i18n.t('developers_widget_snippet')} value={snippet} block />
      {hasOrigins ? null : (
        <p className="notice" role="note">
          {i18n.t('developers_widget_no_origin')}
        </p>
      )}
      <p className="muted">{i18n.t('developers_guide_hint')}</p>
    </section>
  );
}
