/**
 * The server-side entry of the build (issue 9, first paint): renders a page of the site to HTML with
 * the same components the browser runs, so that the page paints before its script has arrived. The
 * browser then hydrates that markup (main.tsx). Built by `vite build --ssr` and called by the
 * prerender step of `npm run build:app`; nothing here runs in a browser.
 *
 * The render is a first visit: no cookies, no stored session, no answers from the API. Effects do not
 * run on the server, so nothing calls the API; the services below only have to exist.
 */
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app/app';
import { reachedOrigins } from './config/reached-origins';
import { siteConfig as config } from './config/site-config';
import { createHttp } from './lib/http';
import { createI18n, type Locale, type TextTable } from './lib/i18n';
import type { ParentFrame } from './lib/parent-frame';
import type { Services } from './lib/services';
import { createSession } from './lib/session';
import { createTokenStore } from './lib/tokens';
import { createToasts } from './lib/toasts';

export { LANGUAGE_TAGS, LOCALES } from './lib/i18n';

/** The hosts other than the site's own that its pages reach, for their Content-Security-Policy. */
export const REACHED_ORIGINS = reachedOrigins(config);

/**
 * The pages worth painting before the script: the first page of a sign-in, a sign-up and the
 * widget's frame, and the partner guide (a long read, and a page to find without running a script).
 * `screen` is the lazy module the page shows, whose chunk the page preloads.
 */
export const PRERENDERED_PAGES = [
  { path: '/login', screen: 'features/auth/screens/login-screen.tsx' },
  { path: '/register', screen: 'features/auth/screens/register-screen.tsx' },
  { path: '/embed', screen: 'app/embed-route.tsx' },
  { path: '/developers/guide', screen: 'features/developers/screens/guide-screen.tsx' },
] as const;

export interface PageRequest {
  /** The path, e.g. `/login`. */
  path: string;
  locale: Locale;
  texts: TextTable;
}

const offline = () => Promise.reject(new Error('no API calls while prerendering'));

function serverServices(locale: Locale, texts: TextTable): Services {
  // A first visit has no stored session: the render's own store stays empty (no browser storage here).
  const tokens = createTokenStore();
  const http = createHttp({
    refreshUrl: `${config.ssoApi}/TokenRefresh/`,
    locale: () => locale,
    deviceId: () => null,
    tokens: { access: () => null, refresh: () => null, storeRefreshed: () => undefined, clear: () => undefined },
    onSignedOut: () => undefined,
  });
  const frame: ParentFrame = { origin: Promise.resolve(null), urlChanged: () => undefined, post: () => undefined };
  return {
    config,
    http,
    i18n: createI18n(offline, { locale, texts }),
    toasts: createToasts(),
    session: createSession({ http, ssoApi: config.ssoApi, tokens }),
    frame,
    navigate: () => undefined,
    showError: () => null,
  };
}

/** The markup of `#root` for a first visit of `path` in `locale`, lazy screens included. */
export async function renderPage({ path, locale, texts }: PageRequest): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App services={serverServices(locale, texts)} prerendered ssr={{ path, search: '' }} />
    </StrictMode>,
    // A component that cannot render on the server would leave a page that hydrates into something
    // else: the build fails instead.
    { onError: (error) => void errors.push(error) },
  );
  if (errors.length > 0) throw new AggregateError(errors, `prerendering ${path} (${locale}) failed`);
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}
