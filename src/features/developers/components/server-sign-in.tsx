/**
 * A confidential app signs people in from its server (the redirect flow): the widget redeems the
 * code in the browser, where no secret can be kept, so what this app needs is the discovery URL.
 */
import { useI18n } from '../../../lib/use-i18n';
import { Copyable } from './copyable';
import { GuideHint } from './guide-hint';

export function ServerSignIn({ origin }: { origin: string }) {
  const i18n = useI18n();
  return (
    <section className="panel stack" aria-labelledby="dev-server-title">
      <h2 id="dev-server-title">{i18n.t('developers_server_title')}</h2>
      <p>{i18n.t('developers_server_hint')}</p>
      <Copyable label={i18n.t('developers_discovery_url')} value={`${origin}/.well-known/openid-configuration`} />
      <GuideHint text={i18n.t('developers_guide_hint')} />
    </section>
  );
}
