/**
 * The navigation guard's runner (docs/product.md §2). Every change of address — a link, `navigate()`, back and
 * forward, the first load — is decided here before the router hears of it: the router renders the
 * `decided` address only (app.tsx gives it this model's location hook), so no screen renders for an
 * address the guard has not allowed, and no screen of the wrong kind flashes while it decides.
 *
 * The query parameters of docs/product.md §2 are handled here too: language, {product}Source, isMobile, token,
 * returnPath, and lang (dropped on arrival).
 */
import { signal } from '@preact/signals-react';
import { readItem, removeItem, writeItem } from '../lib/browser-storage';
import { setCookie } from '../lib/cookies';
import { isLocale } from '../lib/i18n';
import type { Services } from '../lib/services';
import {
  PENDING_USER_KEY,
  PRODUCT_SOURCE_COOKIE_DAYS,
  REGISTER_DATA_KEY,
  RETURN_PATH_KEY,
  productSourceCookie,
} from '../lib/storage-keys';
import { decide, withoutParams } from './guard';
import type { RouteDef } from './routes';

/** An address within the site: its path and its query (without the `?`). */
export interface Address {
  path: string;
  search: string;
}

export interface Shown {
  route: RouteDef;
  key: string;
  /** The page that came prerendered: it is on screen already, so it does not animate in. */
  arrived?: boolean;
}

export interface NavigationDeps {
  services: Pick<Services, 'session' | 'i18n' | 'config'>;
  /** The address the address bar holds now. */
  address: () => Address;
  /** Puts `to` in place of the address bar's address; the change comes back through `start`'s subscription. */
  replace: (to: string) => void;
  /** The route an address shows (routes.ts). */
  routeAt: (path: string) => RouteDef;
  /** Told of each route once it is shown: the page-level effects of the browser. */
  onShown?: (route: RouteDef) => void;
}

/** Calls `onChange` on every change of the address bar's address; returns the unsubscription. */
export type AddressChanges = (onChange: () => void) => () => void;

const sameAddress = (a: Address, b: Address) => a.path === b.path && a.search === b.search;

/** Routes whose query is another party's request (an app's authorization, the widget's frame, a provider's answer). */
const PARTNER_REQUESTS: ReadonlySet<string> = new Set(['OAuth', 'Embed', 'MidOauth']);

/**
 * `initial` is the address of the first render; a prerendered page shows its route at once, so that
 * hydration finds the same markup (the guard still runs, and may redirect).
 */
export function createNavigation(deps: NavigationDeps, initial: { address: Address; prerendered: boolean }) {
  const { session, i18n, config } = deps.services;
  const decided = signal<Address>(initial.address);
  const shown = signal<Shown | null>(
    initial.prerendered
      ? { route: deps.routeAt(initial.address.path), key: initial.address.path, arrived: true }
      : null,
  );
  const loading = signal(!initial.prerendered);
  let latest = 0;
  let requested: Address | null = null;
  let previousPath: string | null = null;

  /** Decides the address bar's address: shows its route, or replaces the address (which comes back here). */
  async function settle(): Promise<void> {
    const address = deps.address();
    if (requested && sameAddress(requested, address)) return;
    requested = address;
    const run = ++latest;
    const { path } = address;
    const params = new URLSearchParams(address.search);
    const replaceQuery = (next: URLSearchParams) => {
      const query = next.toString();
      deps.replace(`${path}${query ? `?${query}` : ''}`);
    };
    // The loading bar shows only while something is awaited: a change of a signal the screen's
    // parent reads would otherwise re-render a prerendered page before it is hydrated, and React
    // then draws it again instead of hydrating it.
    const wait = <T>(work: Promise<T>): Promise<T> => {
      loading.value = true;
      return work;
    };
    // Step 1: lang is dropped; isMobile writes it back after the guard (below).
    if (params.has('lang') && params.get('isMobile') !== 'true') return replaceQuery(withoutParams(params, ['lang']));
    // A phone app names its language with lang and isMobile=true (docs/product.md §2): the page opens in it.
    const language = params.get('language') ?? (params.get('isMobile') === 'true' ? params.get('lang') : null);
    if (isLocale(language) && language !== i18n.locale.peek()) await wait(i18n.setLocale(language));
    const productSource = params.get(`${config.product}Source`);
    if (productSource)
      setCookie(productSourceCookie(config.product), productSource.slice(0, 200), PRODUCT_SOURCE_COOKIE_DAYS);
    const returnPath = params.get('returnPath');
    if (returnPath) writeItem('session', RETURN_PATH_KEY, returnPath);
    // Leaving Home clears the registration data (docs/product.md §2).
    if (previousPath === '/' && path !== '/') removeItem('session', REGISTER_DATA_KEY);
    previousPath = path;

    const route = deps.routeAt(path);
    // Step 6: a token in the query becomes the access token, and leaves the address; the next pass
    // verifies it (step 3), since adopting it drops any user loaded before.
    const token = params.get('token');
    if (token && route.name !== 'MidOauth') {
      session.adoptToken(token);
      return replaceQuery(withoutParams(params, ['token']));
    }
    // Step 3: a token and no user: verify the session by fetching the profile.
    if (session.hasToken() && !session.user.peek()) {
      const user = await wait(session.verify());
      if (!user) session.forget();
    }
    if (run !== latest) return;
    const user = session.user.peek();
    const pendingUser = readItem('local', PENDING_USER_KEY) !== null;
    const decision = decide({
      route,
      search: params,
      signedIn: user !== null,
      deactivated: user?.is_inactivated ?? false,
      pendingUser,
    });
    if (decision.action === 'redirect') return deps.replace(decision.to);
    // One-shot parameters leave the address once read (issue 12), so that they stay in no history
    // entry and go along with no copied link: user_uuid, which a sign-in adds (docs/product.md §4), has served
    // its purpose by now; language, {product}Source and returnPath were kept above (the locale, the
    // cookie, session storage). An app's request (OAuth, the widget's frame) keeps its whole query:
    // it travels on to consent and back, and the frame reports it to its parent.
    // While Home confirms a pending account's phone (docs/product.md §4), user_uuid stays: it names that account.
    const confirming = pendingUser && route.name === 'Home' && params.has('confirmType');
    const oneShot = PARTNER_REQUESTS.has(route.name)
      ? ['user_uuid']
      : [...(confirming ? [] : ['user_uuid']), 'language', `${config.product}Source`, 'returnPath'];
    const spent = oneShot.filter((name) => params.has(name));
    if (spent.length > 0) return replaceQuery(withoutParams(params, spent));
    if (params.get('isMobile') === 'true' && params.get('lang') !== i18n.locale.peek()) {
      params.set('lang', i18n.locale.peek());
      return replaceQuery(params);
    }
    const current = shown.peek();
    if (!sameAddress(decided.peek(), address)) decided.value = address;
    if (current?.route !== route || current.key !== path) shown.value = { route, key: path };
    loading.value = false;
    deps.onShown?.(route);
  }

  return {
    /** The address the router renders: the last one the guard allowed. */
    decided,
    /** The route on screen, in its layout. */
    shown,
    /** A decision is under way (the loading bar). */
    loading,
    settle,
    /** Decides the address now and at every change; returns the cleanup. */
    start(changes: AddressChanges): () => void {
      const stop = changes(() => void settle());
      requested = null;
      void settle();
      return stop;
    },
  };
}

export type Navigation = ReturnType<typeof createNavigation>;
