/**
 * The device as the server knows it (issue 10): a 256-bit secret in an HttpOnly cookie that a
 * sign-in sets, which no script of the site can read. A session records the SHA-256 of it as its
 * device (`sessions.device_id`), and GET /user/deviceprofile/DeviceProfileList lists only the
 * accounts of the device whose cookie the request carries. The `Device-Id` header (docs/product.md §7) is a
 * fingerprint or a value in a readable cookie: anyone can send another device's, so it names no
 * device here (docs/decisions.md, Hardening).
 *
 * The device cookie is `__Host-{product}_device`, `SameSite=Strict`: only the SPA's own API calls
 * carry it. The same secret goes in a second cookie, `__Host-{product}_idp`, `SameSite=None`, for
 * the flows the browser mediates on a partner's page (FedCM, and the embed frame after storage
 * access; docs/fedcm.md). It vouches only for accounts with a live `sso` session of that device
 * (services/device-accounts.ts), so ending a session ends what it vouches for without bookkeeping.
 * Every cookie of the device is written here and nowhere else.
 *
 * Both are fixed like a session identifier (OWASP ASVS 5.0 §7.2.4, session fixation):
 * - The `__Host-` prefix (RFC 6265bis §4.1.3.2) makes the browser keep such a cookie only when it is
 *   `Secure`, has `Path=/` and no `Domain`: a sibling subdomain cannot set one for this host, a
 *   plain-http answer cannot, and no cookie with a longer path can shadow it. Only these names are read.
 * - Every sign-in makes a new secret (bindDevice); one that came with the request is never kept:
 *   the device's sessions move to the new one's hash, and the old secret is worth nothing after.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from '../config/policy.js';
import { randomSecret, sha256 } from '../lib/secrets.js';
import type { SessionStorage } from '../storage/session-storage.js';
import type { MetaEnv } from './request-meta.js';

/** What randomSecret() makes: 32 bytes, base64url. Anything else in the cookie is ignored. */
const DEVICE_SECRET = /^[A-Za-z0-9_-]{43}$/;

export const deviceCookieName = (product: string) => `__Host-${product}_device`;
export const idpCookieName = (product: string) => `__Host-${product}_idp`;

function secretIn(c: Context, name: string): string | null {
  const value = getCookie(c, name);
  return value !== undefined && DEVICE_SECRET.test(value) ? value : null;
}

const deviceSecret = (c: Context, product: string) => secretIn(c, deviceCookieName(product));

/** The device a request proves it is, as sessions record it; null without a well-formed device cookie. */
export function deviceKeyOf(c: Context, product: string): string | null {
  const secret = deviceSecret(c, product);
  return secret === null ? null : sha256(secret);
}

/**
 * The device of a browser-mediated request (FedCM, the embed frame): the `_idp` cookie, which a
 * third-party context sends, or the Strict one, which a first-party request sends.
 */
export function vouchingDeviceKeyOf(c: Context, product: string): string | null {
  const secret = secretIn(c, idpCookieName(product)) ?? deviceSecret(c, product);
  return secret === null ? null : sha256(secret);
}

/**
 * Login Status API (w3c-fedid login-status, "Set-Login" header): tells the browser whether anyone is
 * signed in to Kirish here, so FedCM asks the accounts endpoint only then and offers the login URL
 * otherwise.
 */
export function setLoginStatus(c: Context, status: 'logged-in' | 'logged-out'): void {
  c.header('Set-Login', status);
}

/**
 * `__Host-` (RFC 6265bis §4.1.3.2): `Secure`, `Path=/`, no `Domain`. Browsers treat http://localhost
 * and http://127.0.0.1 as secure contexts and keep such cookies from them too (docs/decisions.md).
 */
function setDeviceCookie(
  c: Context,
  name: string,
  secret: string,
  sameSite: 'Strict' | 'None',
  maxAge = DEVICE_COOKIE_MAX_AGE_SECONDS,
): void {
  setCookie(c, name, secret, { httpOnly: true, secure: true, sameSite, path: '/', maxAge });
}

/**
 * The `_idp` cookie. `SameSite=None` is what lets the browser send it on FedCM's credentialed
 * requests and in a partner's frame (it requires `Secure`, RFC 6265bis §5.6.7). What it may be sent
 * along with is safe: every endpoint that reads it checks `Sec-Fetch-Dest` or `Sec-Fetch-Site` and
 * the Origin (docs/fedcm.md, Threat model).
 */
function setIdpCookie(c: Context, product: string, secret: string): void {
  setDeviceCookie(c, idpCookieName(product), secret, 'None');
}

/**
 * For the routes that sign in: the new session records a device secret made for this sign-in, never
 * one the request brought (session fixation: a planted cookie must not become the victim's device),
 * and on success both cookies carry it.
 *
 * Where the request carried the Strict cookie (a first-party sign-in: the browser stores the new one
 * too), the sessions of the device it named move to the new secret in one statement — and those of
 * the `_idp` cookie's when it named another (a sign-in in a partner's frame before) — so the browser
 * keeps its accounts and the old secrets vouch for nothing. Without it (inside a partner's frame,
 * where browsers neither send nor store a `SameSite=Strict` cookie, RFC 6265bis §5.6.7.1) nothing
 * moves: the browser's own Strict cookie keeps naming its sessions, and the frame's sign-in is the
 * new secret's alone until the browser signs in first-party again.
 */
export function bindDevice(options: {
  product: string;
  storage: Pick<SessionStorage, 'sessions'>;
  /**
   * Whether the answer started a session; every successful one does unless said. A route that may answer
   * without signing anyone in (a provider's `integration` or `linked`) says so: no cookie, no moved
   * sessions, no `Set-Login: logged-in` for a browser where nobody signed in.
   */
  startedSession?: (c: Context) => boolean;
  /**
   * Whether the started session is one partners are offered (services/device-accounts.ts); every one is
   * unless said. A provider-made account whose phone is not confirmed yet is not: its sign-in sets the
   * cookies but no `Set-Login: logged-in`, which would make FedCM look for an account and find none (the
   * header is left out, so a browser with another account keeps its status); confirming the phone sends it.
   */
  offered?: (c: Context) => boolean;
}): MiddlewareHandler<MetaEnv> {
  const { product, storage, startedSession = () => true, offered = () => true } = options;
  return async function bindDeviceMiddleware(c, next) {
    const strict = deviceSecret(c, product);
    const idp = secretIn(c, idpCookieName(product));
    const secret = randomSecret();
    const device = sha256(secret);
    c.set('meta', { ...c.get('meta'), deviceId: device });
    await next();
    if (c.res.status >= 400 || !startedSession(c)) return;
    if (strict !== null) await storage.sessions.moveDevice([...new Set([strict, idp ?? strict])].map(sha256), device);
    setDeviceCookie(c, deviceCookieName(product), secret, 'Strict');
    setIdpCookie(c, product, secret);
    if (offered(c)) setLoginStatus(c, 'logged-in');
  };
}

/**
 * After a successful refresh: the `_idp` cookie again from the Strict one, so that a device signed in
 * before the `_idp` cookie existed gets it on its next refresh.
 */
export function renewIdpCookie(c: Context, product: string): void {
  const secret = deviceSecret(c, product);
  if (secret === null) return;
  setIdpCookie(c, product, secret);
  setLoginStatus(c, 'logged-in');
}

/** After a sign-out: the login status, and without any account left on the device, no `_idp` cookie. */
export function settleIdpCookie(c: Context, product: string, accountsLeft: boolean): void {
  if (accountsLeft) {
    setLoginStatus(c, 'logged-in');
    return;
  }
  setDeviceCookie(c, idpCookieName(product), '', 'None', 0);
  setLoginStatus(c, 'logged-out');
}
