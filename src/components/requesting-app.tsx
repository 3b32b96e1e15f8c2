/**
 * "Sign in to continue to <app>", with the app's logo: what a sign-in page reached through a partner
 * (the redirect, the popup, the widget) says of who is asking. The app is the one whose request
 * brought the person here: the page's `client_id` (Login gets the consent page's whole query; the
 * widget's frame and popup get the request). It is read from the registry (GET /oauth/app_info/);
 * an unknown client shows nothing here — the authorization step names the error. Loaded lazily
 * (lazy-requesting-app.tsx): it is not part of the sign-in pages' first download.
 */
import { useEffect, useState } from 'react';
import type { AppInfo } from '../../server/src/contract/app-info.js';
import { useServices } from '../lib/services';
import { useI18n } from '../lib/use-i18n';
import { AppLogo } from './app-logo';

export default function RequestingApp() {
  const i18n = useI18n();
  const services = useServices();
  // No location when prerendered: no request there.
  const [clientId] = useState(() =>
    typeof location === 'undefined' ? '' : (new URLSearchParams(location.search).get('client_id') ?? ''),
  );
  const [app, setApp] = useState<AppInfo | null>(null);
  useEffect(() => {
    if (!clientId) return undefined;
    let live = true;
    services.http
      .get<AppInfo>(
        `${services.config.ssoApi}/oauth/app_info/?${new URLSearchParams({ client_id: clientId }).toString()}`,
      )
      .then((info) => {
        if (!live) return;
        setApp(info);
      })
      // The banner is a courtesy: without it the sign-in still works, and the request's own check reports a bad client.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [services, clientId]);
  if (!app) return null;
  return (
    <p className="requesting-app">
      <AppLogo name={app.name} logoUrl={app.logo_url} size="small" />
      <span>{i18n.t('continue_to_app', { app: app.name })}</span>
    </p>
  );
}
