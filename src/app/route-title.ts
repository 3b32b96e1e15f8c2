import type { ScreenName } from './routes';

/**
 * The catalogue key of a screen's page title: `title_` and the screen's name in snake case
 * (SecurityActiveSessions → title_security_active_sessions). Derived rather than listed, so the
 * table costs the first page's script nothing; route-title.test.ts checks that every route has its text.
 */
export function routeTitleKey(name: ScreenName): string {
  return `title_${name.replace(/\B[A-Z]/g, '_$&').toLowerCase()}`;
}

/** The document's title on a screen, in the active locale: "Security — Kirish". */
export function routeTitle(name: ScreenName, i18n: { t(key: string): string }): string {
  return `${i18n.t(routeTitleKey(name))} — ${i18n.t('app_name')}`;
}
