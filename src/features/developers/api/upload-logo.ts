import type { DeveloperApp } from '../../../../server/src/contract/developers.js';
import type { Http } from '../../../lib/http';

/** POST /developers/apps/{client_id}/logo/ (multipart, field "logo") → the app with its new logo. */
export async function uploadLogo(http: Http, ssoApi: string, clientId: string, file: File): Promise<DeveloperApp> {
  const body = new FormData();
  body.append('logo', file);
  return (
    await http.post<{ app: DeveloperApp }>(`${ssoApi}/developers/apps/${encodeURIComponent(clientId)}/logo/`, body)
  ).app;
}
