/** The only file that mounts: builds the services once and renders the site. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { App } from './app/app';
import { siteConfig as config } from './config/site-config';
import { readError } from './lib/api-error';
import { removeItem } from './lib/browser-storage';
import { getCookie, setCookie } from './lib/cookies';
import { deviceId, ensureDeviceId } from './lib/device-id';
import { reportError, startErrorReporting } from './lib/error-reporting';
import { createHttp } from './lib/http';
import { createI18n } from './lib/i18n';
import { createParentFrame } from './lib/parent-frame';
import type { Services } from './lib/services';
import { createSession } from './lib/session';
import { PRODUCT_SOURCE_COOKIE_DAYS, RETURN_PATH_KEY, productSourceCookie } from './lib/storage-keys';
import { createToasts } from './lib/toasts';
import { tokens } from './lib/tokens';
import './styles.css';

const root = createRoot(document.getElementById('root') as HTMLElement);

// SPEC §2: on each start the stored return path is cleared.
removeItem('session', RETURN_PATH_KEY);
// SPEC §3: the {product}_source cookie holds the host name at start until a {product}Source arrives.
if (!getCookie(productSourceCookie(config.product))) setCookie(productSourceCookie(config.product), location.hostname, PRODUCT_SOURCE_COOKIE_DAYS);

// SPEC §2 step 7: to Login with the query kept (an OAuth request's client_id, a returnPath ...).
const goToLogin = () => navigate(`/login${location.search}`, { replace: true });
const toasts = createToasts();
const http = createHttp({
  refreshUrl: `${config.ssoApi}/TokenRefresh/`,
  locale: () => i18n.locale.peek(),
  deviceId,
  tokens: {
    access: tokens.access,
    refresh: tokens.refresh,
    // The closures below run only after `session` exists: on a failed call, never during start.
    storeRefreshed: (pair) => session.storeRefreshed(pair),
    clear: tokens.clear,
  },
  onSignedOut: () => {
    session.forget();
    goToLogin();
  },
});
const i18n = createI18n((locale) => http.get(`${config.commonApi}/FrontendTranslation/${locale}/`, { params: { source: 'id' } }));
const session = createSession({ http, ssoApi: config.ssoApi });

const frame = createParentFrame(window, async (clientId, origin) => {
  const confirmed = await http.get<{ origin: string }>(`${config.ssoApi}/oauth/embed_origin/`, { params: { client_id: clientId, origin } });
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
  showError(error, inline) {
    const outcome = readError(error, (key) => i18n.has(key));
    if (outcome.show === 'field') return { key: outcome.key, field: outcome.field };
    if (outcome.show === 'toast') {
      const field = inline?.(outcome.key);
      if (field) return { key: outcome.key, field };
      toasts.show('error', i18n.t(outcome.key));
    }
    if (!(error as { status?: number } | null)?.status) reportError(error);
    return null;
  },
};

i18n.setLocale(i18n.locale.peek()).catch(() => {
  // The texts could not be loaded: say so without them, in the languages most readers share.
  root.render(<p className="fatal">Sahifani yangilang · Обновите страницу · Reload the page</p>);
});
root.render(
  <StrictMode>
    <App services={services} />
  </StrictMode>,
);
startErrorReporting(config.sentryDsn, config.version);
// The device id is needed from the first sign-in on, but not for the first paint.
setTimeout(() => void ensureDeviceId(), 0);
