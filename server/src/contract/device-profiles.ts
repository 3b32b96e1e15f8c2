/**
 * GET /user/deviceprofile/DeviceProfileList: an account that signed in on the caller's device, for
 * the account chooser (docs/product.md §4). Contacts are masked: another account's are not the caller's to read.
 */
export interface DeviceProfile {
  uuid: string;
  first_name: string;
  last_name: string;
  /** Masked (`+998 90 *** ** 67`). */
  phone: string | null;
  /** Masked, and only once verified. */
  email: string | null;
  is_current: boolean;
  has_active_session: boolean;
  /** ISO 8601. */
  last_seen_at: string;
  /** The profile photo's absolute URL (200 px), or null. */
  photo?: string | null;
}
