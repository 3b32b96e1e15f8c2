import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy } from 'react';
import { Router } from 'wouter';
import { ServicesContext, type Services } from '../lib/services';
import { ErrorBoundary } from './error-boundary';
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
  /** The address to render on the server (wouter's ssrPath and ssrSearch). */
  ssr?: { path: string; search: string };
}

/** The whole site: services by context, the router, the guarded route view and the toasts. */
export function App({ services, prerendered = false, ssr }: AppProps) {
  useSignals();
  return (
    <ServicesContext.Provider value={services}>
      <Router ssrPath={ssr?.path} ssrSearch={ssr?.search}>
        {services.i18n.ready.value ? (
          <ErrorBoundary>
            <RouteView prerendered={prerendered} />
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
