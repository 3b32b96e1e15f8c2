/**
 * /oauth (docs/product.md §2): the consent step for another app. The request comes in the query; a signed-out
 * visitor signs in first (the query goes along and brings them back here); the result goes back to
 * the client by redirecting this page to the address the server built and verified.
 *
 * OpenID Connect Core §3.1.2.1: a silent request (prompt=none) never shows Login — the server
 * answers it, signed in or not, with a code or `login_required` / `consent_required` for the client.
 * When the server asks for a fresh sign-in (prompt=login, an exceeded max_age), Login opens with
 * `prompt=login` in the query, which skips the saved accounts. An app asking for two-step verification
 * (acr_values) the account does not have gets the page that says so (second-step-required-view.tsx).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, useEffect, useState } from 'react';
import { useServices } from '../../../lib/services';
import { useI18n } from '../../../lib/use-i18n';
import { isSilent, readAuthorizationRequest } from '../authorization-request';
import { LazyConsentView as ConsentView } from '../components/lazy-consent-view';
import { OAuthError } from '../components/oauth-error';
import { SecondStepRequiredView } from '../components/second-step-required-view';
import { consentDeps } from '../consent-deps';
import { answerFedCm } from '../fedcm-answer';
import { createConsentModel } from '../models/consent-model';

export default function OAuthScreen() {
  useSignals();
  const i18n = useI18n();
  const services = useServices();
  const { session, navigate } = services;
  const [request] = useState(() => readAuthorizationRequest(location.search));
  const toLogin = (fresh = false) => {
    const query = new URLSearchParams(location.search);
    if (fresh) query.set('prompt', 'login');
    const search = query.toString();
    navigate(`/login${search ? `?${search}` : ''}`, { replace: true });
  };
  const [model] = useState(() =>
    createConsentModel(
      consentDeps(
        services,
        request,
        (delivery) => {
          if ('redirect' in delivery) location.assign(delivery.redirect);
          // The consent FedCM's continue_on opened in the browser's popup (docs/fedcm.md). Anywhere
          // else a web_message answer belongs to the widget's embed route, never to this page.
          else if (request.response_mode !== 'fedcm' || !answerFedCm(delivery.message)) model.step.value = 'oautherror';
        },
        () => toLogin(true),
      ),
    ),
  );

  useEffect(() => {
    if (session.user.peek() || isSilent(request)) void model.start();
    else toLogin();
    // Once, on arrival: the model carries the request from here on.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const loading = (
    <div className="stack" aria-busy="true">
      <h1>{i18n.t('oauth_loading')}</h1>
      <div className="screen-loading" />
    </div>
  );
  switch (model.step.value) {
    case 'consent':
      return (
        <Suspense fallback={loading}>
          <ConsentView model={model} onSwitchAccount={() => toLogin()} />
        </Suspense>
      );
    case 'second_step':
      return <SecondStepRequiredView model={model} />;
    case 'oautherror':
      return <OAuthError errorKey={model.errorKey.value} />;
    default:
      return loading;
  }
}
