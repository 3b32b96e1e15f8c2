/** What a sign-in, a registration and a refresh answer with (docs/product.md §3, §4). */

/** POST /TokenRefresh/ answers a new pair; the refresh token sent is spent. */
export interface TokenPair {
  access: string;
  refresh: string;
}

/** The token response of a sign-in or a registration (docs/product.md §3). */
export interface TokenResponse extends TokenPair {
  user_uuid: string;
  has_phone: boolean;
  /** The id of the sign-in, as the sessions page lists it. */
  session: string;
}

/** POST /TokenRefresh/ */
export interface TokenRefreshRequest {
  refresh: string;
}
