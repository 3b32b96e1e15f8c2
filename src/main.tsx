/** The only file that mounts: builds the services once and renders the site. */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import type { EmbedOrigin } from '../server/src/contract/app-info.js';
import { App } from './app/app';
import { isHelpCentrePath } from './app/routes';
import { siteConfig as config } from './config/site-config';
import { removeItem } from './lib/browser-storage';
import { getCookie, setCookie } from './lib/cookies';
import { deviceId, ensureDeviceId } from './lib/device-id';
import { reportError, startErrorReporting } from './lib/error-reporting';
import { createHttp } from './lib/http';
import { createI18n, isLocale, preferredLocale } from './lib/i18n';
import { readPageTexts } from './lib/page-texts';
import { createParentFrame } from './lib/parent-frame';
import type { Services } from './lib/services';
import { createSession } from './lib/session';
import { createShowError } from './lib/show-error';
import { PRODUCT_SOURCE_COOKIE_DAYS, RETURN_PATH_KEY, productSourceCookie } from './lib/storage-keys';
import { createToasts } from './lib/toasts';
import { createTokenStore } from './lib/tokens';
import './styles.css';

const container = document.getElementById('root') as HTMLElement;
const pageTexts = readPageTexts(document);
// The page's one token store and session (below): made here and handed down, never module-level.
// The account a tab shows is the tab's (issue 35): a reload takes it up again from the history entry's
// state, where the account menu keeps it (components/account-menu/use-tab-account.ts).
const tokens = createTokenStore((history.state as { account?: string } | null)?.account);
// A prerendered page shows a first visit: it is hydrated for a visitor without a stored session, and
// rendered afresh for one with a session, whose guard must verify it before anything is shown.
const hydrating =
  container.dataset.prerendered === 'true' && pageTexts !== null && !(tokens.access() ?? tokens.refresh());

// docs/product.md §2: on each start the stored return path is cleared.
removeItem('session', RETURN_PATH_KEY);
// docs/product.md §3: the {product}_source cookie holds the host name at start until a {product}Source arrives.
if (!getCookie(productSourceCookie(config.product)))
  setCookie(productSourceCookie(config.product), location.hostname, PRODUCT_SOURCE_COOKIE_DAYS);

// docs/product.md §2 step 7: to Login with the query kept (an OAuth request's client_id, a returnPath ...) —
// except for an app's silent request (OpenID Connect Core §3.1.2.1 prompt=none), which must not show
// Login: the consent page stays and answers the app login_required.
const silentAuthorization = () =>
  location.pathname === '/oauth' &&
  (new URLSearchParams(location.search).get('prompt') ?? '').split(' ').includes('none');
// The help centre stays where it is (docs/product.md §6: open to everyone): its page shows the visitor signed out.
const goToLogin = () => {
  if (!silentAuthorization() && !isHelpCentrePath(location.pathname))
    navigate(`/login${location.search}`, { replace: true });
};
const toasts = createToasts();
const http = createHttp({
  refreshUrl: `${config.ssoApi}/TokenRefresh/`,
  locale: () => i18n.locale.peek(),
  deviceId,
  deviceIdReady: ensureDeviceId,
  tokens: {
    access: tokens.access,
    refresh: tokens.refresh,
    // The closures below run only after `session` exists: on a failed call, never during start.
    storeRefreshed: (pair) => session.storeRefreshed(pair),
    clear: tokens.clear,
  },
  onSignedOut: () => {
    // A session that could not be refreshed has ended (elsewhere, or by age): Login says so.
    session.lost();
    goToLogin();
  },
  // The account this tab shows (docs/decisions.md, One tab, one account). Each tab keeps its own token,
  // so a call refused as another account's (409 account_changed) means the tab lost track of whose
  // token it holds: the page starts again, from its history entry's account (issue 35).
  account: () => session.user.peek()?.id ?? null,
  onAccountChanged: () => location.reload(),
});
const i18n = createI18n(
  (locale) => http.get(`${config.commonApi}/FrontendTranslation/${locale}/`, { params: { source: 'id' } }),
  pageTexts ?? undefined,
);
const session = createSession({ http, ssoApi: config.ssoApi, tokens });

const frame = createParentFrame(window, async (clientId, origin) => {
  const confirmed = await http.get<EmbedOrigin>(`${config.ssoApi}/oauth/embed_origin/`, {
    params: { client_id: clientId, origin },
  });
  return confirmed.origin;
});

const services: Services = {
  config,
  http,
  i18n,
  toasts,
  session,
  frame,
  navigate: (to, options) => navigate(to, options),
  showError: createShowError(i18n, toasts, reportError),
};

const app = (
  <StrictMode>
    <App services={services} prerendered={hydrating} />
  </StrictMode>
);
let root: Root;
if (hydrating) root = hydrateRoot(container, app);
else {
  root = createRoot(container);
  root.render(app);
}
// The page's texts came in the locale the server chose; the visitor's own choice wins: the language
// the address asks for (docs/product.md §2), else the stored or the browser's (docs/product.md §4).
const requested = new URLSearchParams(location.search).get('language');
const locale = isLocale(requested) ? requested : preferredLocale();
if (!hydrating || locale !== i18n.locale.peek()) {
  i18n.setLocale(locale).catch(() => {
    // The texts could not be loaded: say so without them, in the languages most readers share.
    root.render(<p className="fatal">Sahifani yangilang · Обновите страницу · Reload the page</p>);
  });
}
startErrorReporting(config.sentryDsn, config.version);
// A session ended from another device is noticed when this tab comes back, not at the next action.
const checkSession = () => {
  if (document.visibilityState === 'visible') void session.check();
};
// (visibilitychange bubbles from the document to the window.)
for (const type of ['focus', 'visibilitychange']) addEventListener(type, checkSession);
// The device id is needed from the first sign-in on (a write waits for it: deviceIdReady above).
// Computing it is a download and a long task that a phone must not pay for while the page loads:
// it starts at the first tap or key, or once the loaded page has been idle for a while.
const DEVICE_ID_IDLE_DELAY_MS = 3000;
const FIRST_INTERACTION = ['pointerdown', 'keydown', 'touchstart'] as const;
const startDeviceId = () => {
  for (const type of FIRST_INTERACTION) removeEventListener(type, startDeviceId, true);
  void ensureDeviceId();
};
for (const type of FIRST_INTERACTION) addEventListener(type, startDeviceId, { capture: true, passive: true });
const whenIdle = (work: () => void) =>
  'requestIdleCallback' in window ? requestIdleCallback(work, { timeout: 2000 }) : setTimeout(work, 0);
const afterLoad = () => setTimeout(() => whenIdle(startDeviceId), DEVICE_ID_IDLE_DELAY_MS);
if (document.readyState === 'complete') afterLoad();
else addEventListener('load', afterLoad, { once: true });
