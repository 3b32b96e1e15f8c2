/**
 * /embed: the login widget's page inside a partner's iframe (docs/product.md §12). It runs
 * the real sign-in and consent, and answers the partner with an authorization code by postMessage —
 * only after the server confirmed the partner's origin for the client, and only to that origin.
 *
 * Where the browser partitions a third-party frame's storage, "Continue with your Kirish account"
 * reaches the person's Kirish session in this browser (issue 21, docs/fedcm.md): through the
 * partner's page and the browser's FedCM where it has FedCM (the loader opened the frame with
 * `fedcm=1`), else through the Storage Access API and Kirish's browser cookie, else in a popup — a
 * top-level page of ours with the browser's own Kirish session, which hands its answer to this frame
 * (its opener, at our own origin), which passes it on to the partner.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { Button } from '../../../components/button';
import { useServices } from '../../../lib/services';
import type { TokenResponse } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';
import { readAuthorizationRequest } from '../authorization-request';
import { LazyConsentView as ConsentView } from '../components/lazy-consent-view';
import { createEmbedModel, type EmbedFlow } from '../models/embed-model';

/** The auth feature's flows, handed in by the app (features do not import each other). */
type GoTo = (flow: EmbedFlow) => void;

export interface EmbedFlows {
  /** `fresh`: the app asked for a new sign-in (OpenID Connect Core §3.1.2.1): no saved account is offered. */
  SignIn: ComponentType<{
    onSignedIn: (response: TokenResponse | null, save: boolean) => Promise<void>;
    goTo: GoTo;
    fresh?: boolean;
    autoFocus?: boolean;
    lead?: ReactNode;
  }>;
  SignUp: ComponentType<{ onRegistered: (response: TokenResponse) => Promise<void>; goTo: GoTo }>;
  Reset: ComponentType<{ onReset: (confirmation: string) => void; goTo: GoTo }>;
  /**
   * The providers' row (lazy: the frame's first download pays nothing for it): each provider opens in a
   * window of its own, whose session comes back to `onSignedIn`.
   */
  Social: ComponentType<{ onSignedIn: (response: null, save: boolean) => Promise<void> }>;
  /** The popup is a page of its own: it wears the site's top bar and card. */
  PopupPage: ComponentType<{ children: ReactNode }>;
}

// What only a refused or failed request shows loads with it: the frame's first page is sign-in.
const OAuthError = lazy(() => import('../components/oauth-error').then((module) => ({ default: module.OAuthError })));
const EmbedAccount = lazy(() => import('../components/embed-account'));
const later = () => import('../frame-later');
// The browser's accounts and the blocked popup come only after the later code: no download of their own.
const LaterStageView = lazy(() => later().then((module) => ({ default: module.LaterStageView })));

export default function EmbedScreen({ SignIn, SignUp, Reset, Social, PopupPage }: EmbedFlows) {
  useSignals();
  const i18n = useI18n();
  const services = useServices();
  const { frame, toasts } = services;
  const search = useSearch();
  // The flow is a model (models/embed-model.ts): its stage moves only by its actions.
  const [model] = useState(() => {
    const embedQuery = new URLSearchParams(search);
    return createEmbedModel({
      services,
      request: readAuthorizationRequest(search),
      inPopup: embedQuery.get('mode') === 'popup' && typeof window !== 'undefined' && window.opener !== null,
      fedcm: embedQuery.get('fedcm') === '1',
      later,
      onLoadFailed: () => toasts.show('error', i18n.t('error_try_again')),
    });
  });
  const { inPopup } = model;
  useEffect(() => model.arrive(), [model]);

  // Inside a partner's page the frame takes the page's own background.
  useEffect(() => {
    if (inPopup) return undefined;
    document.documentElement.classList.add('embedded');
    return () => document.documentElement.classList.remove('embedded');
  }, [inPopup]);

  // The partner sizes the frame to the page (no scrollbars inside a widget). The observer loads
  // after the first paint: the loader's frame starts at a height that fits the sign-in form. With
  // it comes the ear for the page's `signedin`, after which the frame shows the compact chip.
  useEffect(() => {
    if (inPopup) return undefined;
    let stop: (() => void) | undefined;
    let live = true;
    void later().then(({ watchPartner }) => {
      if (live) stop = watchPartner(frame, model.tokensArrived);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [frame, inPopup, model]);

  const stage = model.stage.value;
  const loading = <div className="screen-loading" aria-busy="true" aria-label={i18n.t('loading')} />;
  let content;
  if (stage.name === 'refused') content = <OAuthError errorKey="origin_not_allowed" />;
  else if (stage.name === 'failed') content = <OAuthError errorKey="error_try_again" onRetry={model.retry} />;
  else if (stage.name === 'signin') {
    const { flow } = stage;
    content = (
      <div className="stack">
        {flow === 'sign-up' ? (
          <SignUp goTo={model.goTo} onRegistered={(response) => model.signedIn(response, true)} />
        ) : null}
        {flow === 'reset' ? (
          <Reset
            goTo={model.goTo}
            onReset={(confirmation) => {
              toasts.show('success', confirmation, { replace: true });
              model.goTo('sign-in');
            }}
          />
        ) : null}
        {/* In a partner's page the form takes no focus on load: that would scroll the page to the frame. */}
        {flow === 'sign-in' ? (
          <>
            <SignIn
              goTo={model.goTo}
              onSignedIn={model.signedIn}
              fresh={stage.fresh}
              autoFocus={inPopup}
              lead={
                inPopup ? null : (
                  <>
                    <Button onClick={model.continueWithKirish}>{i18n.t('embed_continue_kirish')}</Button>
                    <p className="or">{i18n.t('or')}</p>
                  </>
                )
              }
            />
            <Suspense fallback={null}>
              <Social onSignedIn={model.signedIn} />
            </Suspense>
          </>
        ) : null}
      </div>
    );
  } else if (stage.name === 'accounts' || stage.name === 'popup')
    content = <LaterStageView stage={stage} model={model} />;
  else if (stage.name === 'account' || stage.name === 'done')
    content = <EmbedAccount stage={stage} popup={inPopup} onContinue={model.continueAs} onSwitch={model.signInAgain} />;
  else if (stage.name === 'authorizing' && stage.consent?.step.value === 'consent')
    content = <ConsentView model={stage.consent} onSwitchAccount={model.signInAgain} />;
  else if (stage.name === 'authorizing' && stage.consent?.step.value === 'oautherror')
    content = <OAuthError errorKey={stage.consent.errorKey.value} />;
  else content = loading;

  const page = <Suspense fallback={loading}>{content}</Suspense>;
  return inPopup ? <PopupPage>{page}</PopupPage> : <div className="embed">{page}</div>;
}
