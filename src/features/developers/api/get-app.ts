import type { DeveloperApp } from '../../../../server/src/contract/developers.js';
import type { Http } from '../../../lib/http';

/** GET /developers/apps/{client_id}/ → one of the person's apps (404 app_not_found for anyone else's). */
export async function getApp(http: Http, ssoApi: string, clientId: string): Promise<DeveloperApp> {
  return (await http.get<{ app: DeveloperApp }>(`${ssoApi}/developers/apps/${encodeURIComponent(clientId)}/`)).app;
}
