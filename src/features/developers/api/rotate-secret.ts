import type { RotatedSecret } from '../../../../server/src/contract/developers.js';
import type { Http } from '../../../lib/http';

/** POST /developers/apps/{client_id}/secret/ → a new secret, shown once; the old one stops working at once. */
export async function rotateSecret(http: Http, ssoApi: string, clientId: string): Promise<string> {
  return (await http.post<RotatedSecret>(`${ssoApi}/developers/apps/${encodeURIComponent(clientId)}/secret/`))
    .client_secret;
}
