/**
 * Shows the route the navigation model allowed (navigation.ts), in its layout, and starts the model
 * on the address bar once the site's texts are there.
 */
import { useSignals } from '@preact/signals-react/runtime';
import { Suspense, createElement, useEffect } from 'react';
import { useI18n } from '../lib/use-i18n';
import { browserAddressChanges } from './guarded-location';
import { Layout } from './layouts';
import type { Navigation } from './navigation';
import { routeTitle } from './route-title';
import { screenFor } from './screens';

export function RouteView({ navigation }: { navigation: Navigation }) {
  useSignals();
  const i18n = useI18n();
  useEffect(() => navigation.start(browserAddressChanges), [navigation]);
  const shown = navigation.shown.value;
  const loading = navigation.loading.value;
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
