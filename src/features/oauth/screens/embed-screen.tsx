/**
 * /embed: the login widget's page inside a partner's iframe (DESIGN.md, Widget protocol). It runs
 * the real sign-in and consent, and answers the partner with an authorization code by postMessage —
 * only after the server confirmed the partner's origin for the client, and only to that origin.
 *
 * Where the browser partitions a third-party frame's storage or blocks it, the person can continue
 * in a popup: a top-level page of ours with the browser's own Kirish session. The popup hands its
 * answer to this frame (its opener, at our own origin), which passes it on to the partner.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { useServices } from '../../../lib/services';
import type { TokenResponse } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';
import { isSilent, readAuthorizationRequest } from '../authorization-request';
import { LazyConsentView as ConsentView } from '../components/lazy-consent-view';

import type { ConsentModel, Delivery } from '../models/consent-model';
import { widgetMessage } from '../widget-messages';

/** The auth feature's flows, handed in by the app (features do not import each other). */
type Flow = 'sign-in' | 'sign-up' | 'reset';
type GoTo = (flow: Flow) => void;

export interface EmbedFlows {
  /** `fresh`: the app asked for a new sign-in (OpenID Connect Core §3.1.2.1): no saved account is offered. */
  SignIn: ComponentType<{ onSignedIn: (response: TokenResponse | null, save: boolean) => Promise<void>; goTo: GoTo; fresh?: boolean; autoFocus?: boolean }>;
  SignUp: ComponentType<{ onRegistered: (response: TokenResponse) => Promise<void>; goTo: GoTo }>;
  Reset: ComponentType<{ onReset: (confirmation: string) => void; goTo: GoTo }>;
  /** The popup is a page of its own: it wears the site's top bar and card. */
  PopupPage: ComponentType<{ children: ReactNode }>;
}

/** `account`: a session is kept in this frame; the person chooses to continue with it or not. */
type Stage = 'checking' | 'refused' | 'signin' | 'account' | 'authorizing' | 'done';

// What only a refused or failed request shows loads with it: the frame's first page is sign-in.
const OAuthError = lazy(() => import('../components/oauth-error').then((module) => ({ default: module.OAuthError })));
const EmbedAccount = lazy(() => import('../components/embed-account'));

const POPUP_FEATURES = 'popup,width=480,height=720';

export default function EmbedScreen({ SignIn, SignUp, Reset, PopupPage }: EmbedFlows) {
  useSignals();
  const i18n = useI18n();
  const services = useServices();
  const { session, frame, toasts } = services;
  const [flow, setFlow] = useState<Flow>('sign-in');
  const search = useSearch();
  const [request] = useState(() => readAuthorizationRequest(search));
  const [inPopup] = useState(() => new URLSearchParams(search).get('mode') === 'popup' && typeof window !== 'undefined' && window.opener !== null);
  // Without a stored session the frame can only sign in: the form shows at once (the prerendered
  // page paints it before any script). Nothing is posted before the server confirms the parent's
  // origin, and a refused origin replaces the form by the error below.
  const [stage, setStage] = useState<Stage>(() => (session.hasToken() ? 'checking' : 'signin'));
  const [fresh, setFresh] = useState(false);
  // The app asked for a new sign-in (OpenID Connect Core §3.1.2.1): the form, without saved accounts.
  const signInAgain = () => {
    setFresh(true);
    setStage('signin');
  };

  // The consent model, and the answer to the partner, load when needed: after sign-in, not with the frame's first page.
  const [model, setModel] = useState<ConsentModel | null>(null);
  const authorize = () => {
    setStage('authorizing');
    void Promise.all([import('../models/consent-model'), import('../consent-deps'), import('../partner-delivery')]).then(
      ([{ createConsentModel }, { consentDeps }, { deliverToPartner }]) => {
        const deliver = (delivery: Delivery) => {
          setStage('done');
          deliverToPartner(delivery, frame, inPopup);
        };
        const created = createConsentModel(consentDeps(services, { ...request, response_mode: 'web_message' }, deliver, signInAgain));
        setModel(created);
        return created.start();
      },
    );
  };

  useEffect(() => {
    // OpenID Connect Core §3.1.2.1: a silent request is answered (login_required at worst), never shown sign-in.
    const answerNow = () => session.user.peek() !== null || isSilent(request);
    if (inPopup) {
      if (answerNow()) authorize();
      else setStage('signin');
      return undefined;
    }
    let live = true;
    void frame.origin.then((origin) => {
      if (!live) return;
      if (!origin) return setStage('refused');
      frame.post(widgetMessage('ready', {}));
      // A kept session is offered, not used: the person clicks "Continue as" first.
      if (isSilent(request)) authorize();
      else setStage(session.user.peek() ? 'account' : 'signin');
    });
    return () => {
      live = false;
    };
    // Once, on arrival.
    // oxlint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Inside a partner's page the frame takes the page's own background.
  useEffect(() => {
    if (inPopup) return undefined;
    document.documentElement.classList.add('embedded');
    return () => document.documentElement.classList.remove('embedded');
  }, [inPopup]);

  // The partner sizes the frame to the page (no scrollbars inside a widget). The observer loads
  // after the first paint: the loader's frame starts at a height that fits the sign-in form.
  useEffect(() => {
    if (inPopup) return undefined;
    let stop: (() => void) | undefined;
    let live = true;
    void import('../frame-height').then(({ observeFrameHeight }) => {
      if (live) stop = observeFrameHeight(document.documentElement, (height) => frame.post(widgetMessage('resize', { height })));
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [frame, inPopup]);

  const openPopup = () => {
    const query = new URLSearchParams(location.search);
    query.set('mode', 'popup');
    const popup = window.open(`${location.origin}/embed?${query.toString()}`, 'kirish-sign-in', POPUP_FEATURES);
    if (popup)
      void import('../popup-relay').then(({ relayPopupAnswer }) =>
        relayPopupAnswer(popup, (message) => {
          setStage('done');
          frame.post(message);
        }),
      );
  };

  const loading = <div className="screen-loading" aria-busy="true" aria-label={i18n.t('loading')} />;
  let content;
  if (stage === 'refused') content = <OAuthError errorKey="origin_not_allowed" />;
  else if (stage === 'signin') {
    const signedIn = async (response: TokenResponse | null, save: boolean) => {
      if (response) await session.signIn(response, save);
      authorize();
    };
    content = (
      <div className="stack">
        {flow === 'sign-up' ? <SignUp goTo={setFlow} onRegistered={(response) => signedIn(response, true)} /> : null}
        {flow === 'reset' ? (
          <Reset
            goTo={setFlow}
            onReset={(confirmation) => {
              toasts.show('success', confirmation, { replace: true });
              setFlow('sign-in');
            }}
          />
        ) : null}
        {/* In a partner's page the form takes no focus on load: that would scroll the page to the frame. */}
        {flow === 'sign-in' ? <SignIn goTo={setFlow} onSignedIn={signedIn} fresh={fresh} autoFocus={inPopup} /> : null}
        {inPopup ? null : (
          <p className="field-hint">
            {i18n.t('embed_popup_hint')}{' '}
            <button type="button" className="link-button" onClick={openPopup}>
              {i18n.t('embed_popup')}
            </button>
          </p>
        )}
      </div>
    );
  } else if (stage === 'account' || stage === 'done')
    content = <EmbedAccount done={stage === 'done'} popup={inPopup} onContinue={authorize} onSwitch={signInAgain} />;
  else if (model?.step.value === 'consent') content = <ConsentView model={model} onSwitchAccount={signInAgain} />;
  else if (model?.step.value === 'oautherror') content = <OAuthError errorKey={model.errorKey.value} />;
  else content = loading;

  const page = <Suspense fallback={loading}>{content}</Suspense>;
  return inPopup ? <PopupPage>{page}</PopupPage> : <div className="embed">{page}</div>;
}
