/** The signed-in account as its owner sees and edits it: GET /user/MyProfile, PATCH /user/profile/, the photo. */

export type Gender = 'male' | 'female';

/** docs/product.md §3: the verification status of a person's identity; set by moderation, never by the user. */
export const VERIFICATION_STATUSES = ['not_verified', 'in_moderation', 'verified', 'failed'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** The person's own details, as the profile form shows and edits them. */
export interface PersonalDetails {
  first_name: string;
  last_name: string;
  middle_name: string | null;
  /** Lower-cased, `^[a-z0-9_.]{3,32}$`. */
  username: string | null;
  /** `YYYY-MM-DD`. */
  birth_date: string | null;
  gender: Gender | null;
  /** An image source for docs/product.md §9's rule: `{cdn}/{size}/{source}`. */
  photo: string | null;
}

/**
 * GET /user/MyProfile: the whole account, contacts unmasked, for its owner only. Every call that
 * changes the account (profile, contacts, deactivation) answers with it as it is afterwards.
 */
export interface Profile {
  id: string;
  phone: string | null;
  email: string | null;
  email_verified: boolean;
  has_password: boolean;
  /** When the password was last set (at sign-up, a change or a reset), ISO 8601; null without one or when not known. */
  password_changed_at: string | null;
  profile: PersonalDetails;
  verification_status: VerificationStatus;
  secondary_phone: string | null;
  secondary_email: string | null;
  is_inactivated: boolean;
  /** ISO 8601 times; null while the account is active. */
  inactivated_at: string | null;
  erase_at: string | null;
  date_joined: string;
}

/** PATCH /user/profile/: any subset of the fields; `''` or null clears an optional one. */
export interface ProfileChangeRequest {
  first_name?: string;
  last_name?: string;
  middle_name?: string | null;
  username?: string | null;
  birth_date?: string | null;
  gender?: Gender | '' | null;
}

/**
 * GET /check/CheckUsername/?username=, signed in: whether the caller may take this username (their
 * own counts as free). A malformed one is refused with `invalid_username` or `username_min_length`.
 */
export interface UsernameAvailability {
  available: boolean;
}

/** POST /user/photo/ (multipart, one file field `photo`): the new image source. */
export interface PhotoUploaded {
  photo: string;
}
