/**
 * The profile as the API shows it. MyProfile, the profile, contact and deactivation calls answer
 * with it and the data export carries it, so every one of them shows the account the same way.
 */
import type { Profile } from '../contract/profile.js';
import type { User } from '../storage/records.js';

const isoOrNull = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** The MyProfile body: what the account pages show of the signed-in user (issue 5 contract, A). */
export function profileOf(user: User): Profile {
  return {
    id: user.id,
    phone: user.phone,
    email: user.email,
    email_verified: user.emailVerified,
    has_password: user.passwordHash !== null,
    password_changed_at: user.passwordHash === null ? null : isoOrNull(user.passwordChangedAt),
    profile: {
      first_name: user.firstName,
      last_name: user.lastName,
      middle_name: user.middleName,
      username: user.username,
      birth_date: user.birthDate,
      gender: user.gender,
      photo: user.photo,
    },
    verification_status: user.verificationStatus,
    secondary_phone: user.secondaryPhone,
    secondary_email: user.secondaryEmail,
    is_inactivated: user.isInactivated,
    inactivated_at: isoOrNull(user.inactivatedAt),
    erase_at: isoOrNull(user.eraseAt),
    date_joined: new Date(user.createdAt).toISOString(),
  };
}
