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

/** sessionStorage */
export const RETURN_PATH_KEY = 'returnPath';
export const REGISTER_DATA_KEY = 'registerData';
/** A phone app's authorization request (/login/mobile-*), as the consent page's query, kept across the provider's pages. */
export const MOBILE_APP_REQUEST_KEY = 'mobileAppRequest';

/** cookies */
export const LOCALE_COOKIE = '_locale';
export const DEVICE_COOKIE = 'cmmtuuid';
export const SSO_USER_COOKIE = 'sso-user-id';
export const productSourceCookie = (product: string) => `${product}_source`;

/** docs/product.md §9: cookies live 365 days; the {product}Source cookie 1 day. */
export const COOKIE_DAYS = 365;
export const PRODUCT_SOURCE_COOKIE_DAYS = 1;
