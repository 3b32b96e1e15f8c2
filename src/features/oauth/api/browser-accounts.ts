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

/** The partner whose frame this is: its client id and its page's origin, as the server confirmed it. */
export interface FramePartner {
  clientId: string;
  origin: string;
}

/**
 * The frame joins the chosen account's sign-in in this browser: POST /fedcm/frame/nonce/, then
 * POST /fedcm/frame/session/ with that nonce (single-use, one minute). Called from the person's tap
 * on the account, which the nonce answers: the server joins no session on the cookie alone
 * (docs/fedcm.md, Threat model). The frame gets a session of its own under that sign-in.
 */
export async function joinBrowserSession(
  http: Http,
  ssoApi: string,
  userUuid: string,
  partner: FramePartner,
): Promise<TokenResponse> {
  const request = { user_uuid: userUuid, client_id: partner.clientId, origin: partner.origin };
  const { nonce } = await http.post<{ nonce: string }>(`${ssoApi}/fedcm/frame/nonce/`, request);
  return http.post<TokenResponse>(`${ssoApi}/fedcm/frame/session/`, { ...request, nonce });
}
