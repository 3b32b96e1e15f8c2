import { useSignals } from '@preact/signals-react/runtime';
import { Router } from 'wouter';
import { ToastHost } from '../components/toast-host';
import { ServicesContext, type Services } from '../lib/services';
import { RouteView } from './route-view';

/** The whole site: services by context, the router, the guarded route view and the toasts. */
export function App({ services }: { services: Services }) {
  useSignals();
  return (
    <ServicesContext.Provider value={services}>
      <Router>
        {services.i18n.ready.value ? <RouteView /> : <div className="loading-bar" role="progressbar" aria-busy="true" aria-label="…" />}
        <ToastHost />
      </Router>
    </ServicesContext.Provider>
  );
}
