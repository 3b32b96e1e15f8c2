/**
 * /embed: the login widget's page inside a partner's iframe (DESIGN.md, Widget protocol). It runs
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
import type { DeviceProfile } from '../../../../server/src/contract/device-profiles.js';
import { Button } from '../../../components/button';
import { useServices } from '../../../lib/services';
import type { TokenResponse } from '../../../lib/session';
import { useI18n } from '../../../lib/use-i18n';
import { isSilent, readAuthorizationRequest } from '../authorization-request';
import { LazyConsentView as ConsentView } from '../components/lazy-consent-view';

import type { ConsentModel } from '../models/consent-model';
import { widgetMessage } from '../widget-messages';
import type { KirishMessage } from '../../../../widget/protocol';

/** The auth feature's flows, handed in by the app (features do not import each other). */
type Flow = 'sign-in' | 'sign-up' | 'reset';
type GoTo = (flow: Flow) => void;

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
  /** The popup is a page of its own: it wears the site's top bar and card. */
  PopupPage: ComponentType<{ children: ReactNode }>;
}

/**
 * `account`: a session is kept in this frame; the person chooses to continue with it or not.
 * `accounts`: the browser's Kirish accounts, read through storage access; the person picks one.
 */
type Stage = 'checking' | 'refused' | 'signin' | 'account' | 'accounts' | 'authorizing' | 'failed' | 'done';

// What only a refused or failed request shows loads with it: the frame's first page is sign-in.
const OAuthError = lazy(() => import('../components/oauth-error').then((module) => ({ default: module.OAuthError })));
const EmbedAccount = lazy(() => import('../components/embed-account'));
const BrowserAccountsView = lazy(() => import('../components/browser-accounts-view'));
const later = () => import('../frame-later');

export default function EmbedScreen({ SignIn, SignUp, Reset, PopupPage }: EmbedFlows) {
  useSignals();
  const i18n = useI18n();
  const services = useServices();
  const { session, frame, toasts } = services;
  const [flow, setFlow] = useState<Flow>('sign-in');
  const search = useSearch();
  const [request] = useState(() => readAuthorizationRequest(search));
  const embedQuery = new URLSearchParams(search);
  const inPopup = embedQuery.get('mode') === 'popup' && typeof window !== 'undefined' && window.opener !== null;
  const fedcm = embedQuery.get('fedcm') === '1';
  const [accounts, setAccounts] = useState<DeviceProfile[]>([]);
  const showAccounts = (found: DeviceProfile[]) => {
    setAccounts(found);
    setStage('accounts');
  };
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
  // The model turns a failed call into its error step; a download that fails before it exists (the
  // frame's later code) ends on an error with a way to try again, never on an endless spinner.
  const authorize = () => {
    setStage('authorizing');
    later()
      .then(({ embedAuthorization }) => {
        const created = embedAuthorization(services, request, { inPopup, signInAgain, delivered: () => setStage('done') });
        setModel(created);
        return created.start();
      })
      .catch(() => setStage('failed'));
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
      else if (session.user.peek()) setStage('account');
      // A browser that lets this frame have its cookies (or a person who allowed it before): the
      // accounts show without a click. With FedCM the partner's page has asked the browser already.
      else if (!fedcm)
        void later()
          .then(({ accountsIfAllowed }) => accountsIfAllowed(services))
          .then((found) => found?.length && live && showAccounts(found));
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
    void later().then(({ observeFrameHeight }) => {
      if (live) stop = observeFrameHeight(document.documentElement, (height) => frame.post(widgetMessage('resize', { height })));
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [frame, inPopup]);

  // The popup's answer, passed on to the partner.
  const pass = (message: KirishMessage) => {
    setStage('done');
    frame.post(message);
  };
  const continueWithKirish = () => {
    if (fedcm) frame.post(widgetMessage('fedcm', {}));
    else
      later()
        .then(({ continueWithKirish: go }) => go(services, showAccounts, pass))
        .catch(() => toasts.show('error', i18n.t('error_try_again')));
  };

  const loading = <div className="screen-loading" aria-busy="true" aria-label={i18n.t('loading')} />;
  let content;
  if (stage === 'refused') content = <OAuthError errorKey="origin_not_allowed" />;
  else if (stage === 'failed')
    content = (
      <div className="stack">
        <OAuthError errorKey="error_try_again" />
        <Button onClick={authorize}>{i18n.t('retry')}</Button>
      </div>
    );
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
        {flow === 'sign-in' ? (
          <SignIn
            goTo={setFlow}
            onSignedIn={signedIn}
            fresh={fresh}
            autoFocus={inPopup}
            lead={
              inPopup ? null : (
                <>
                  <Button onClick={continueWithKirish}>{i18n.t('embed_continue_kirish')}</Button>
                  <p className="or">{i18n.t('or')}</p>
                </>
              )
            }
          />
        ) : null}
      </div>
    );
  } else if (stage === 'accounts') content = <BrowserAccountsView accounts={accounts} onJoined={authorize} onOther={() => setStage('signin')} />;
  else if (stage === 'account' || stage === 'done')
    content = <EmbedAccount done={stage === 'done'} popup={inPopup} onContinue={authorize} onSwitch={signInAgain} />;
  else if (model?.step.value === 'consent') content = <ConsentView model={model} onSwitchAccount={signInAgain} />;
  else if (model?.step.value === 'oautherror') content = <OAuthError errorKey={model.errorKey.value} />;
  else content = loading;

  const page = <Suspense fallback={loading}>{content}</Suspense>;
  return inPopup ? <PopupPage>{page}</PopupPage> : <div className="embed">{page}</div>;
}
