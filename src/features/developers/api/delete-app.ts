import type { Http } from '../../../lib/http';

/** DELETE /developers/apps/{client_id}/ → 204 (true once done); its grants and sessions end with it. */
export async function deleteApp(http: Http, ssoApi: string, clientId: string): Promise<true> {
  await http.delete(`${ssoApi}/developers/apps/${encodeURIComponent(clientId)}/`);
  return true;
}
