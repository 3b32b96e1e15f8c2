import type { UsernameAvailability } from '../../../../server/src/contract/profile.js';
import type { Http } from '../../../lib/http';

/** GET /check/CheckUsername/?username= → whether the signed-in person may take it (their own counts as free). */
export function checkUsername(http: Http, ssoApi: string, username: string): Promise<UsernameAvailability> {
  return http.get<UsernameAvailability>(`${ssoApi}/check/CheckUsername/`, { params: { username } });
}
