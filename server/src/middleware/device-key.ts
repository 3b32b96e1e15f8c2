/**
 * The device as the server knows it (issue 10): a 256-bit secret in an HttpOnly cookie that a
 * sign-in sets, which no script of the site can read. A session records the SHA-256 of it as its
 * device (`sessions.device_id`), and GET /user/deviceprofile/DeviceProfileList lists only the
 * accounts of the device whose cookie the request carries. The `Device-Id` header (SPEC §7) is a
 * fingerprint or a value in a readable cookie: anyone can send another device's, so it names no
 * device here (docs/decisions.md, Hardening).
 *
 * The device cookie is `SameSite=Strict` and scoped to `/sso/`: only the SPA's own API calls carry
 * it. The same secret goes in a second cookie, `{product}_idp`, `SameSite=None; Secure`, for the
 * flows the browser mediates on a partner's page (FedCM, and the embed frame after storage access;
 * docs/fedcm.md). It vouches only for accounts with a live `sso` session of that device
 * (services/device-accounts.ts), so ending a session ends what it vouches for without bookkeeping.
 * Every cookie of the device is written here and nowhere else.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from '../config/policy.js';
import { randomSecret, sha256 } from '../lib/secrets.js';
import type { MetaEnv } from './request-meta.js';

/** What randomSecret() makes: 32 bytes, base64url. Anything else in the cookie is ignored. */
const DEVICE_SECRET = /^[A-Za-z0-9_-]{43}$/;

export const deviceCookieName = (product: string) => `${product}_device`;
export const idpCookieName = (product: string) => `${product}_idp`;

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
 * The `_idp` cookie. `SameSite=None` is what lets the browser send it on FedCM's credentialed
 * requests and in a partner's frame; that requires `Secure` (RFC 6265bis §5.6.7), which browsers
 * accept from http://localhost too. What it may be sent along with is safe: every endpoint that
 * reads it checks `Sec-Fetch-Dest` or `Sec-Fetch-Site` and the Origin (docs/fedcm.md, Threat model).
 */
function setIdpCookie(c: Context, product: string, secret: string): void {
  setCookie(c, idpCookieName(product), secret, {
    httpOnly: true,
    secure: true,
    sameSite: 'None',
    path: '/sso/',
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

/**
 * For the routes that sign in: the new session records the device of the request's cookie — the
 * Strict one, else the `_idp` one (a sign-in in a partner's frame after storage access), else a new
 * device — and a successful answer sets both cookies (again, for another year) and the login status.
 */
export function bindDevice(options: { product: string; secureCookie: boolean }): MiddlewareHandler<MetaEnv> {
  const { product } = options;
  return async function bindDeviceMiddleware(c, next) {
    const secret = deviceSecret(c, product) ?? secretIn(c, idpCookieName(product)) ?? randomSecret();
    c.set('meta', { ...c.get('meta'), deviceId: sha256(secret) });
    await next();
    if (c.res.status >= 400) return;
    setCookie(c, deviceCookieName(product), secret, {
      httpOnly: true,
      secure: options.secureCookie,
      sameSite: 'Strict',
      path: '/sso/',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
    setIdpCookie(c, product, secret);
    setLoginStatus(c, 'logged-in');
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
  setCookie(c, idpCookieName(product), '', { httpOnly: true, secure: true, sameSite: 'None', path: '/sso/', maxAge: 0 });
  setLoginStatus(c, 'logged-out');
}
