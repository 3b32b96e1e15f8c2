/**
 * Shows the route the navigation model allowed (navigation.ts), in its layout, and starts the model
 * on the address bar once the site's texts are there.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, createElement, useEffect } from 'react';
import { useHydrated } from '../lib/use-hydrated';
import { useI18n } from '../lib/use-i18n';
import { browserAddressChanges } from './guarded-location';
import { Layout } from './layouts';
import type { Navigation } from './navigation';
import { routeTitle } from './route-title';
import { screenFor } from './screens';
// The providers' row under the sign-in card, with its call and marks: it appears below the card, which
// never waits for it or moves (sign-in-options.tsx).
import { SocialRow } from './social-row';

/**
 * The row, once the page is live. Its own component: its change after hydration re-renders it alone, not
 * the layout, whose prerendered screen (still hydrating) would otherwise be drawn again.
 */
function BelowSignIn() {
  return useHydrated() ? (
    <Suspense fallback={null}>
      <SocialRow />
    </Suspense>
  ) : null;
}

export function RouteView({ navigation }: { navigation: Navigation }) {
  useSignals();
  const i18n = useI18n();
  useEffect(() => navigation.start(browserAddressChanges), [navigation]);
  const shown = navigation.shown.value;
  const loading = navigation.loading.value;
  const name = shown?.route.name;
  // The tab's and the history's name for the page, in the active locale: a new route or locale renames it.
  const title = shown ? routeTitle(shown.route.name, i18n) : '';
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  return (
    <>
      <div
        className="loading-bar"
        hidden={!loading}
        role="progressbar"
        aria-busy={loading}
        aria-label={i18n.t('loading')}
      />
      {shown ? (
        <Layout
          name={shown.route.layout}
          transition={shown.arrived ? undefined : shown.route.transition}
          key={shown.route.layout}
          below={name === 'Login' || name === 'Register' ? <BelowSignIn /> : null}
        >
          {/* A slow chunk shows a spinner in the card or page, not an empty frame (styles.css delays it). */}
          <Suspense fallback={<div className="screen-loading" aria-busy="true" />}>
            {/* screenFor returns module-level lazy components: nothing is created during render. */}
            {createElement(screenFor(shown.route.name), { key: shown.key })}
          </Suspense>
        </Layout>
      ) : null}
    </>
  );
}
