import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy, useState } from 'react';
import { Router, useRouter } from 'wouter';
import { ServicesContext, type Services } from '../lib/services';
import { ErrorBoundary } from './error-boundary';
import { browserAddress, guardedLocationHook, routeMatcher } from './guarded-location';
import { createNavigation } from './navigation';
import { RouteView } from './route-view';

// Loaded with the first toast: a page that never shows one never downloads it.
const ToastHost = lazy(() => import('../components/toast-host').then((module) => ({ default: module.ToastHost })));

export interface AppProps {
  services: Services;
  /**
   * Show the address's route in the first render, before the guard has run: the prerender renders
   * a page this way on the server, and the browser hydrates that page the same way.
   */
  prerendered?: boolean;
  /** The address to render on the server (its query without the `?`). */
  ssr?: { path: string; search: string };
}

/** The whole site: services by context, the router over the guarded navigation, the route view and the toasts. */
export function App({ services, prerendered = false, ssr }: AppProps) {
  useSignals();
  // Outside a <Router>, useRouter() is wouter's default router: its parser is the one routes match with.
  const { parser } = useRouter();
  const [{ navigation, hook }] = useState(() => {
    const made = createNavigation(
      {
        services,
        address: browserAddress,
        replace: (to) => services.navigate(to, { replace: true }),
        routeAt: routeMatcher(parser),
        onShown: (route) => {
          services.frame.urlChanged(window.location.href);
          // docs/product.md §2: on /login the page scrolls by itself; elsewhere a scrollbar is always shown.
          document.documentElement.classList.toggle('scroll-auto', route.name === 'Login');
        },
      },
      { address: ssr ?? browserAddress(), prerendered },
    );
    return { navigation: made, hook: guardedLocationHook(made) };
  });
  return (
    <ServicesContext.Provider value={services}>
      <Router hook={hook} searchHook={hook.searchHook}>
        {services.i18n.ready.value ? (
          <ErrorBoundary>
            {/* Mounted afresh when this tab switched to another account (the account menu): the guard
                decides the address again, and nothing loaded or typed for the account shown before stays
                on screen (docs/decisions.md, One tab, one account). */}
            <RouteView navigation={navigation} key={services.session.followed.value} />
          </ErrorBoundary>
        ) : (
          <div className="loading-bar" role="progressbar" aria-busy="true" aria-label="…" />
        )}
        {services.toasts.list.value.length > 0 ? (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        ) : null}
      </Router>
    </ServicesContext.Provider>
  );
}
