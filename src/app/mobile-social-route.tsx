/**
 * /login/mobile-telegram and /login/mobile-twitter (docs/partners.md, Phone apps), composed here because they
 * join two features: the oauth feature judges and keeps the phone app's request and shows its error page, and
 * the auth feature starts the provider's flow. Back from the provider, /oauth/{provider} signs the person in and
 * the consent step sends the code to the app (finish-sign-in.ts reads the kept request).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { ProviderMark } from '../components/provider-mark';
import { startSocial } from '../features/auth/api/social';
import { keepAppRequest } from '../features/auth/app-request';
import { useAuthApi } from '../features/auth/use-auth-api';
import { checkAuthorization } from '../features/oauth/api/authorize';
import { OAuthError } from '../features/oauth/components/oauth-error';
import type { MobileProvider } from '../features/oauth/mobile-app-request';
import { createMobileSignInModel } from '../features/oauth/models/mobile-sign-in-model';
import { readError } from '../lib/api-error';
import { useServices } from '../lib/services';

function MobileSocialPage({ provider }: { provider: MobileProvider }) {
  useSignals();
  const { http, config, i18n } = useServices();
  const api = useAuthApi();
  const [model] = useState(() =>
    createMobileSignInModel({
      check: (request) => checkAuthorization(http, config.ssoApi, request),
      keep: keepAppRequest,
      start: () => startSocial(api, provider),
      go: (url) => location.assign(url),
      errorKeyOf: (error) => {
        const outcome = readError(error, (key) => i18n.has(key));
        return outcome.show === 'nothing' ? 'error_try_again' : outcome.key;
      },
    }),
  );
  useEffect(() => {
    void model.run(location.search);
  }, [model]);
  // Back from the provider's page by the browser's Back, the page may come from its back-forward cache
  // (HTML §7.4.6.3 "pageshow" with persisted): the provider's flow starts again rather than spinning forever.
  useEffect(() => {
    const again = (event: PageTransitionEvent) => {
      if (event.persisted && model.step.peek() === 'starting') void model.begin();
    };
    addEventListener('pageshow', again);
    return () => removeEventListener('pageshow', again);
  }, [model]);

  const step = model.step.value;
  if (step === 'oautherror') return <OAuthError errorKey={model.errorKey.value} />;
  if (step === 'failed') return <OAuthError errorKey={model.errorKey.value} onRetry={() => void model.begin()} />;
  return (
    <div className="social-status" role="status" aria-live="polite">
      {step === 'checking' ? <span className="spinner" aria-hidden="true" /> : <ProviderMark provider={provider} />}
      <p>{i18n.t(step === 'checking' ? 'oauth_loading' : 'social_signing_in')}</p>
    </div>
  );
}

/** The provider of the path: /login/mobile-telegram or /login/mobile-twitter. */
export function mobileProvider(pathname: string): MobileProvider {
  return pathname.replace(/\/+$/, '').endsWith('telegram') ? 'telegram' : 'twitter';
}

export default function MobileSocialRoute() {
  const [provider] = useState(() => mobileProvider(location.pathname));
  return <MobileSocialPage provider={provider} />;
}
