import { Button } from '../../../components/button';
import { useI18n } from '../../../lib/use-i18n';

/** docs/product.md §3 login step "oautherror": the request cannot go on, and nothing is sent anywhere. */
// `onRetry`: a failure that may pass (the embed frame's later code did not load) offers to try again.
export function OAuthError({ errorKey, onRetry }: { errorKey: string | null; onRetry?: () => void }) {
  const i18n = useI18n();
  return (
    <div className="stack">
      <h1>{i18n.t('oauth_error_title')}</h1>
      <p role="alert">{i18n.t(errorKey && i18n.has(errorKey) ? errorKey : 'error_try_again')}</p>
      <p className="field-hint">{i18n.t('oauth_error_hint')}</p>
      {onRetry ? <Button onClick={onRetry}>{i18n.t('retry')}</Button> : null}
    </div>
  );
}
