import type { Http } from '../../../lib/http';
import type { UserProfile } from '../../../lib/session';

export interface ProfileChanges {
  first_name?: string;
  last_name?: string;
  middle_name?: string;
  username?: string;
  /** YYYY-MM-DD, or '' to clear. */
  birth_date?: string;
  gender?: 'male' | 'female' | '';
}

/** PATCH /user/profile/ → the whole profile as it now is. */
export function updateProfile(http: Http, ssoApi: string, changes: ProfileChanges): Promise<UserProfile> {
  return http.patch<UserProfile>(`${ssoApi}/user/profile/`, changes);
}
