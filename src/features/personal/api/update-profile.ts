import type { ProfileChangeRequest as ProfileChanges } from '../../../../server/src/contract/profile.js';
import type { Http } from '../../../lib/http';
import type { UserProfile } from '../../../lib/session';

/** PATCH /user/profile/ → the whole profile as it now is. */
export function updateProfile(http: Http, ssoApi: string, changes: ProfileChanges): Promise<UserProfile> {
  return http.patch<UserProfile>(`${ssoApi}/user/profile/`, changes);
}
