/**
 * Every key the site keeps in the browser, exactly as docs/product.md §3's storage table names them.
 * Nothing else writes to localStorage, sessionStorage or cookies.
 */

/** localStorage */
export const ACCESS_TOKEN_KEY = 'active_session';
export const REFRESH_TOKEN_KEY = 'active_re_session';
export const profileSessionKey = (uuid: string) => `session_${uuid}`;
export const PROFILE_SESSION_PREFIX = 'session_';
export const PENDING_USER_KEY = 'userUUID';
export const BACKGROUND_KEY = 'bg';
export const LOCALE_KEY = 'locale';
/** The accounts (uuids, a JSON list) that answered "Not now" to the passkey offer on this device (issue 41): never offered again here. */
export const PASSKEY_OFFER_DECLINED_KEY = 'passkeyOfferDeclined';

/** sessionStorage */
export const RETURN_PATH_KEY = 'returnPath';
export const REGISTER_DATA_KEY = 'registerData';
// `mobileAppRequest`, a phone app's request kept across a provider's pages, is named in features/auth/app-request.ts,
// which alone reads and writes it: this file is in every page's first download (test/budget.test.ts), that one is not.

/** cookies */
export const LOCALE_COOKIE = '_locale';
export const DEVICE_COOKIE = 'cmmtuuid';
export const SSO_USER_COOKIE = 'sso-user-id';
export const productSourceCookie = (product: string) => `${product}_source`;

/** docs/product.md §9: cookies live 365 days; the {product}Source cookie 1 day. */
export const COOKIE_DAYS = 365;
export const PRODUCT_SOURCE_COOKIE_DAYS = 1;
