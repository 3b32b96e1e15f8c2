import { Suspense, lazy } from 'react';
import { useHydrated } from '../lib/use-hydrated';

const RequestingApp = lazy(() => import('./requesting-app'));

/**
 * The requesting app's banner (requesting-app.tsx) where the page's query carries a request's
 * `client_id`, loaded when shown. Never in the render that hydrates: the prerendered page was made
 * without a request, so the banner must not be in the markup hydration compares.
 */
export function LazyRequestingApp() {
  return useHydrated() && new URLSearchParams(location.search).get('client_id') ? (
    <Suspense fallback={null}>
      <RequestingApp />
    </Suspense>
  ) : null;
}
