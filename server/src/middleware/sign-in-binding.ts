/**
 * The cookie that binds a sign-in's server-side pieces (a WebAuthn challenge, a sign-in waiting for
 * its second step; issue 41) to the browser that began it: a random value of which the database keeps
 * only the hash, so a challenge or a half-done sign-in carried to another browser is worth nothing
 * there. `__Host-` (RFC 6265bis §4.1.3.2: Secure, Path=/, no Domain), HttpOnly; SameSite=None with
 * Partitioned (CHIPS), because a passkey sign-in also runs in the partner's frame (docs/partners.md),
 * where only a partitioned third-party cookie arrives. It carries no authority of its own: every
 * piece it binds also needs a signature or a code.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SIGN_IN_BINDING_MAX_AGE_SECONDS } from '../config/policy.js';
import { randomSecret, sha256 } from '../lib/secrets.js';

/** What randomSecret() makes: 32 bytes, base64url. Anything else in the cookie is ignored. */
const BINDING_SECRET = /^[A-Za-z0-9_-]{43}$/;

export const signInBindingCookieName = (product: string) => `__Host-${product}_sign_in`;

/** The hash of this browser's binding; null without a well-formed cookie. */
export function signInBindingOf(c: Context, product: string): string | null {
  const value = getCookie(c, signInBindingCookieName(product));
  return value !== undefined && BINDING_SECRET.test(value) ? sha256(value) : null;
}

/** The hash of this browser's binding, making one (and its cookie) when it has none; its lifetime starts again. */
export function bindSignIn(c: Context, product: string): string {
  const current = getCookie(c, signInBindingCookieName(product));
  const value = current !== undefined && BINDING_SECRET.test(current) ? current : randomSecret();
  setCookie(c, signInBindingCookieName(product), value, {
    httpOnly: true,
    secure: true,
    sameSite: 'None',
    partitioned: true,
    path: '/',
    maxAge: SIGN_IN_BINDING_MAX_AGE_SECONDS,
  });
  return sha256(value);
}
