import { lazy } from 'react';

/** The consent screen, loaded when a request needs it: a first-party or remembered one never does. */
export const LazyConsentView = lazy(() => import('./consent-view').then((module) => ({ default: module.ConsentView })));
