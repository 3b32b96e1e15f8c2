/**
 * Runs the navigation guard (SPEC §2) before every navigation and shows the route it allows, in its
 * layout. The query parameters of SPEC §2 are handled here: language, {product}Source, isMobile,
 * token, and lang (dropped on arrival).
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, createElement, useEffect, useRef, useState } from 'react';
import { matchRoute as matchPattern, useLocation, useRouter, useSearch } from 'wouter';
import { readItem, removeItem, writeItem } from '../lib/browser-storage';
import { setCookie } from '../lib/cookies';
import { isLocale } from '../lib/i18n';
import { useServices } from '../lib/services';
import { PENDING_USER_KEY, PRODUCT_SOURCE_COOKIE_DAYS, REGISTER_DATA_KEY, RETURN_PATH_KEY, productSourceCookie } from '../lib/storage-keys';
import { decide, withoutParams } from './guard';
import { Layout } from './layouts';
import { matchRoute, type RouteDef } from './routes';
import { screenFor } from './screens';

interface Shown {
  route: RouteDef;
  key: string;
  /** The page that came prerendered: it is on screen already, so it does not animate in. */
  arrived?: boolean;
}

/** The route an address shows, by the table of routes.ts. */
function routeAt(path: string, parser: ReturnType<typeof useRouter>['parser']): RouteDef {
  return matchRoute(path, (pattern, candidate) => {
    const [matched, values] = matchPattern(parser, pattern, candidate);
    return matched ? (values as Record<string, string>) : null;
  }).route;
}

export function RouteView({ prerendered = false }: { prerendered?: boolean }) {
  useSignals();
  const services = useServices();
  const { session, i18n, config } = services;
  const [location, navigate] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  // A prerendered page is on screen before the script runs: the first render shows its route as it
  // is, so that hydration finds the same markup; the guard below still runs, and may redirect.
  const [shown, setShown] = useState<Shown | null>(() => (prerendered ? { route: routeAt(location, parser), key: location, arrived: true } : null));
  const [loading, setLoading] = useState(!prerendered);
  const previousPath = useRef<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const params = new URLSearchParams(search);
    const replaceQuery = (next: URLSearchParams) => {
      const query = next.toString();
      navigate(`${location}${query ? `?${query}` : ''}`, { replace: true });
    };
    void (async () => {
      setLoading(true);
      // Step 1: lang is dropped; isMobile writes it back after the guard (below).
      if (params.has('lang') && params.get('isMobile') !== 'true') return replaceQuery(withoutParams(params, ['lang']));
      const language = params.get('language');
      if (isLocale(language) && language !== i18n.locale.peek()) await i18n.setLocale(language);
      const productSource = params.get(`${config.product}Source`);
      if (productSource) setCookie(productSourceCookie(config.product), productSource.slice(0, 200), PRODUCT_SOURCE_COOKIE_DAYS);
      const returnPath = params.get('returnPath');
      if (returnPath) writeItem('session', RETURN_PATH_KEY, returnPath);
      // Leaving Home clears the registration data (SPEC §2).
      if (previousPath.current === '/' && location !== '/') removeItem('session', REGISTER_DATA_KEY);
      previousPath.current = location;

      const route = routeAt(location, parser);
      // Step 6: a token in the query becomes the access token, and leaves the address; the next pass
      // verifies it (step 3), since adopting it drops any user loaded before.
      const token = params.get('token');
      if (token && route.name !== 'MidOauth') {
        session.adoptToken(token);
        return replaceQuery(withoutParams(params, ['token']));
      }
      // Step 3: a token and no user: verify the session by fetching the profile.
      if (session.hasToken() && !session.user.peek()) {
        const user = await session.verify();
        if (!user) session.forget();
      }
      if (cancelled) return;
      const user = session.user.peek();
      const decision = decide({
        route,
        search: params,
        signedIn: user !== null,
        deactivated: user?.is_inactivated ?? false,
        pendingUser: readItem('local', PENDING_USER_KEY) !== null,
      });
      if (decision.action === 'redirect') return navigate(decision.to, { replace: true });
      if (params.get('isMobile') === 'true' && params.get('lang') !== i18n.locale.peek()) {
        params.set('lang', i18n.locale.peek());
        return replaceQuery(params);
      }
      setShown((current) => (current?.route === route && current.key === location ? current : { route, key: location }));
      setLoading(false);
      services.frame.urlChanged(window.location.href);
      // SPEC §2: on /login the page scrolls by itself; elsewhere a scrollbar is always shown.
      document.documentElement.classList.toggle('scroll-auto', route.name === 'Login');
    })();
    return () => {
      cancelled = true;
    };
  }, [location, search, navigate, parser, session, i18n, config, services.frame]);

  return (
    <>
      <div className="loading-bar" hidden={!loading} role="progressbar" aria-busy={loading} aria-label={i18n.t('loading')} />
      {shown ? (
        <Layout name={shown.route.layout} transition={shown.arrived ? undefined : shown.route.transition} key={shown.route.layout}>
          <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
            {/* screenFor returns module-level lazy components: nothing is created during render. */}
            {createElement(screenFor(shown.route.name), { key: shown.key })}
          </Suspense>
        </Layout>
      ) : null}
    </>
  );
}
