/** A MyProfile answer for tests: an active account with a phone and a password, names as given. */
import type { UserProfile } from '../session';

export function userProfile(
  id: string,
  names: { first: string; last: string },
  changes: Partial<UserProfile> = {},
): UserProfile {
  return {
    id,
    phone: '+998901234567',
    email: null,
    email_verified: false,
    has_password: true,
    password_changed_at: '2026-11-01T09:00:00.000Z',
    profile: {
      first_name: names.first,
      last_name: names.last,
      middle_name: null,
      username: null,
      birth_date: null,
      gender: null,
      photo: null,
    },
    is_inactivated: false,
    verification_status: 'not_verified',
    secondary_phone: null,
    secondary_email: null,
    inactivated_at: null,
    erase_at: null,
    date_joined: '2026-11-01T09:00:00.000Z',
    ...changes,
  };
}
