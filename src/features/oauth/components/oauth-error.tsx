import { useI18n } from '../../../lib/use-i18n';

/** SPEC §3 login step "oautherror": the request cannot go on, and nothing is sent anywhere. */
export function OAuthError({ errorKey }: { errorKey: string | null }) {
  const i18n = useI18n();
  return (
    <div className="stack">
      <h1>{i18n.t('oauth_error_title')}</h1>
      <p role="alert">{i18n.t(errorKey && i18n.has(errorKey) ? errorKey : 'error_try_again')}</p>
      <p className="field-hint">{i18n.t('oauth_error_hint')}</p>
    </div>
  );
}
