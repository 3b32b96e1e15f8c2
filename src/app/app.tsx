import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, lazy } from 'react';
import { Router } from 'wouter';
import { ServicesContext, type Services } from '../lib/services';
import { RouteView } from './route-view';

// Loaded with the first toast: a page that never shows one never downloads it.
const ToastHost = lazy(() => import('../components/toast-host').then((module) => ({ default: module.ToastHost })));

/** The whole site: services by context, the router, the guarded route view and the toasts. */
export function App({ services }: { services: Services }) {
  useSignals();
  return (
    <ServicesContext.Provider value={services}>
      <Router>
        {services.i18n.ready.value ? <RouteView /> : <div className="loading-bar" role="progressbar" aria-busy="true" aria-label="…" />}
        {services.toasts.list.value.length > 0 ? (
          <Suspense fallback={null}>
            <ToastHost />
          </Suspense>
        ) : null}
      </Router>
    </ServicesContext.Provider>
  );
}
