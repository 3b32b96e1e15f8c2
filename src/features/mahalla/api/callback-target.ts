import type { MahallaCallbackTarget } from '../../../../server/src/contract/mahalla.js';
import type { Http } from '../../../lib/http';

/** GET /mahalla/oneid/callback/ → the configured external callback, or null. */
export async function fetchCallbackTarget(http: Http, ssoApi: string): Promise<string | null> {
  const answer = await http.get<MahallaCallbackTarget>(`${ssoApi}/mahalla/oneid/callback/`);
  return typeof answer.url === 'string' ? answer.url : null;
}
