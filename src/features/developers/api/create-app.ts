import type { CreatedDeveloperApp, DeveloperAppInput } from '../../../../server/src/contract/developers.js';
import type { Http } from '../../../lib/http';

/** POST /developers/apps/ → the new app and, for a confidential one, its first secret (shown once). */
export function createApp(http: Http, ssoApi: string, input: DeveloperAppInput): Promise<CreatedDeveloperApp> {
  return http.post<CreatedDeveloperApp>(`${ssoApi}/developers/apps/`, input);
}
