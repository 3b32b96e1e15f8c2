import type { DeveloperAppList } from '../../../../server/src/contract/developers.js';
import type { Http } from '../../../lib/http';

/** GET /developers/apps/ → the person's apps, and whether they may register another. */
export function listApps(http: Http, ssoApi: string): Promise<DeveloperAppList> {
  return http.get<DeveloperAppList>(`${ssoApi}/developers/apps/`);
}
