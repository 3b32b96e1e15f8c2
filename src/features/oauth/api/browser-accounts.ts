import type { DeviceProfile } from '../../../../server/src/contract/device-profiles.js';
import type { Http } from '../../../lib/http';
import type { TokenResponse } from '../../../lib/session';

/**
 * GET /fedcm/frame/accounts/: the accounts signed in to Kirish in this browser, as its HttpOnly
 * browser cookie proves them; the frame's request carries that cookie only once the browser gave it
 * storage access (docs/fedcm.md).
 */
export async function browserAccounts(http: Http, ssoApi: string): Promise<DeviceProfile[]> {
  const answer = await http.get<{ accounts: DeviceProfile[] }>(`${ssoApi}/fedcm/frame/accounts/`);
  return answer.accounts;
}

/** POST /fedcm/frame/session/: the frame joins the chosen account's session in this browser. */
export function joinBrowserSession(http: Http, ssoApi: string, userUuid: string): Promise<TokenResponse> {
  return http.post<TokenResponse>(`${ssoApi}/fedcm/frame/session/`, { user_uuid: userUuid });
}
