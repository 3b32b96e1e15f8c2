import { AppLogo } from '../../../components/app-logo';
import type { AppInfo } from '../api/types';

/**
 * The app that asks, as the consent pages head it: its logo, the page's title, and the registered
 * address the answer goes to (not the home page the app declares of itself, docs/decisions.md).
 */
export function ConsentHeader({
  client,
  title,
  destination,
}: {
  client: AppInfo;
  title: string;
  destination: string | null;
}) {
  return (
    <header className="consent-app">
      <AppLogo name={client.name} logoUrl={client.logo_url} />
      <div>
        <h1>{title}</h1>
        {destination ? (
          <p className="consent-origin" dir="ltr">
            {destination}
          </p>
        ) : null}
      </div>
    </header>
  );
}
