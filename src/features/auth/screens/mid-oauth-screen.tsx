/**
 * /oauth/{provider} (docs/product.md §2 "Social callback"): the provider's answer, carried on to the server
 * while a quiet "Signing you in…" shows; then as after any sign-in, back to the login methods (a link),
 * or the `integration` step when the identity matches an existing account (social-callback-model.ts).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import { providerName } from '../../../components/provider-mark';
import { deviceId } from '../../../lib/device-id';
import { writeItem } from '../../../lib/browser-storage';
import { useServices } from '../../../lib/services';
import { PENDING_USER_KEY } from '../../../lib/storage-keys';
import { takeAppRequest } from '../app-request';
import { IntegrationStep } from '../components/integration-step';
import { createSocialCallbackModel } from '../models/social-callback-model';
import { POPUP_START } from '../api/social';
import { useAuthApi } from '../use-auth-api';
import { useFinishSignIn } from '../use-finish-sign-in';

export default function MidOauthScreen() {
  useSignals();
  const services = useServices();
  const { toasts, i18n, navigate, showError } = services;
  const api = useAuthApi();
  // Fetches finish-sign-in.ts while the provider's answer is carried on.
  useFinishSignIn();
  const [model] = useState(() =>
    createSocialCallbackModel({
      api,
      showError,
      deviceId,
      tell: (type, key, which) =>
        toasts.show(type, i18n.t(key, { provider: which ? providerName(which) : '' }), { replace: true }),
      navigate: (to) => navigate(to, { replace: true }),
      keepPendingUser: (uuid) => writeItem('local', PENDING_USER_KEY, uuid),
      takeAppRequest,
      // This page's query is the provider's answer (its code and state, Telegram's signed fields), not the
      // person's: it must not follow them to Home, where a spent code would sit in the address and history.
      finish: async (response, save) =>
        (await import('../finish-sign-in')).finishSignIn(services, response, save, new URLSearchParams()),
    }),
  );
  useEffect(() => {
    // The route's screen is rendered by the navigation model, not inside a wouter <Route>: the address is read here.
    const [, provider = '', rest = ''] = /^\/oauth\/([^/]+)\/?(.*)$/.exec(location.pathname) ?? [];
    // The window a partner's frame opened for a provider (social-popup.ts): the flow starts here, then the provider.
    if (location.search === `?${POPUP_START}`) return void model.startInPopup(provider);
    void model.run(provider, { rest, search: location.search.slice(1), hash: location.hash.slice(1) });
  }, [model]);
  if (model.integration.value) return <IntegrationStep callback={model} />;
  return (
    <div className="social-status" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{i18n.t('social_signing_in')}</p>
    </div>
  );
}
