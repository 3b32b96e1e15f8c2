/**
 * The device as the server knows it (issue 10): a 256-bit secret in an HttpOnly cookie that a
 * sign-in sets, which no script of the site can read. A session records the SHA-256 of it as its
 * device (`sessions.device_id`), and GET /user/deviceprofile/DeviceProfileList lists only the
 * accounts of the device whose cookie the request carries. The `Device-Id` header (SPEC §7) is a
 * fingerprint or a value in a readable cookie: anyone can send another device's, so it names no
 * device here (docs/decisions.md, Hardening).
 *
 * The cookie is `SameSite=Strict` and scoped to `/sso/`: only the SPA's own API calls carry it.
 * Inside a partner's frame (a third-party context) browsers neither send nor set it, and a sign-in
 * there gets a device of its own.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from '../config/policy.js';
import { randomSecret, sha256 } from '../lib/secrets.js';
import type { MetaEnv } from './request-meta.js';

/** What randomSecret() makes: 32 bytes, base64url. Anything else in the cookie is ignored. */
const DEVICE_SECRET = /^[A-Za-z0-9_-]{43}$/;

export const deviceCookieName = (product: string) => `${product}_device`;

function deviceSecret(c: Context, product: string): string | null {
  const value = getCookie(c, deviceCookieName(product));
  return value !== undefined && DEVICE_SECRET.test(value) ? value : null;
}

/** The device a request proves it is, as sessions record it; null without a well-formed device cookie. */
export function deviceKeyOf(c: Context, product: string): string | null {
  const secret = deviceSecret(c, product);
  return secret === null ? null : sha256(secret);
}

/**
 * For the routes that sign in: the new session records the device of the request's cookie — a new
 * device when there is none — and a successful answer sets the cookie (again, for another year).
 */
export function bindDevice(options: { product: string; secureCookie: boolean }): MiddlewareHandler<MetaEnv> {
  const name = deviceCookieName(options.product);
  return async function bindDeviceMiddleware(c, next) {
    const secret = deviceSecret(c, options.product) ?? randomSecret();
    c.set('meta', { ...c.get('meta'), deviceId: sha256(secret) });
    await next();
    if (c.res.status >= 400) return;
    setCookie(c, name, secret, {
      httpOnly: true,
      secure: options.secureCookie,
      sameSite: 'Strict',
      path: '/sso/',
      maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
    });
  };
}
