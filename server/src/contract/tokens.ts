/** What a sign-in, a registration and a refresh answer with (docs/product.md §3, §4). */

/** POST /TokenRefresh/ answers a new pair; the refresh token sent is spent. */
export interface TokenPair {
  access: string;
  refresh: string;
}

/** A pair and the account it belongs to: what a device keeps of a sign-in (a switch to a saved account has no more). */
export interface AccountTokenPair extends TokenPair {
  user_uuid: string;
}

/** The token response of a sign-in or a registration (docs/product.md §3). */
export interface TokenResponse extends AccountTokenPair {
  has_phone: boolean;
  /** The id of the sign-in, as the sessions page lists it. */
  session: string;
}

/** POST /TokenRefresh/ */
export interface TokenRefreshRequest {
  refresh: string;
}
