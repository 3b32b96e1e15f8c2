import type { DeveloperApp } from '../../../../server/src/contract/developers.js';
import type { Http } from '../../../lib/http';

/** DELETE /developers/apps/{client_id}/logo/ → the app without a logo. */
export async function removeLogo(http: Http, ssoApi: string, clientId: string): Promise<DeveloperApp> {
  return (await http.delete<{ app: DeveloperApp }>(`${ssoApi}/developers/apps/${encodeURIComponent(clientId)}/logo/`))
    .app;
}
