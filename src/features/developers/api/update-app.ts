import type { DeveloperApp, DeveloperAppInput } from '../../../../server/src/contract/developers.js';
import type { Http } from '../../../lib/http';

/** PATCH /developers/apps/{client_id}/ → the app as it now is; the kind never changes. */
export async function updateApp(
  http: Http,
  ssoApi: string,
  clientId: string,
  changes: Partial<Omit<DeveloperAppInput, 'kind'>>,
): Promise<DeveloperApp> {
  return (
    await http.patch<{ app: DeveloperApp }>(`${ssoApi}/developers/apps/${encodeURIComponent(clientId)}/`, changes)
  ).app;
}
