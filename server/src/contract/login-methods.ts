import type { LinkedIdentity } from './social.js';

/** GET /user/login-methods/: the ways this account can sign in. */
export interface LoginMethods {
  password: boolean;
  phone_code: boolean;
  /** Only a verified e-mail takes a sign-in code. */
  email_code: boolean;
  /** The linked social providers' names (`identities` has each one's details). */
  social: string[];
  /** The linked provider identities, the earliest linked first (issue 36). */
  identities: LinkedIdentity[];
  /**
   * How many passkeys the account has (issue 41): a count, as the other ways in are flags; the
   * passkeys themselves, with names and dates, are GET /user/passkeys/.
   */
  passkeys: number;
}
