/**
 * The cookie that binds a provider flow (and a pending link) to the browser that began it (RFC 6749
 * §10.12): a random value of which the database keeps only the hash (services/social/social-flows.ts).
 * HttpOnly, so no script reads it; Secure on https; SameSite=Lax, so the top-level return from the
 * provider still carries it to the SPA's same-origin calls, while no other site's request does; its
 * Path is the SocialAuth calls' alone, and it lives as long as a flow.
 */
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { SOCIAL_FLOW_TTL_SECONDS } from '../../config/policy.js';

export const SOCIAL_AUTH_PATH = '/sso/api/v1/SocialAuth/';

export const bindingCookieName = (product: string) => `${product}_social_flow`;

export function readBinding(c: Context, product: string): string | undefined {
  return getCookie(c, bindingCookieName(product));
}

export function writeBinding(c: Context, product: string, publicUrl: string, value: string): void {
  setCookie(c, bindingCookieName(product), value, {
    httpOnly: true,
    secure: publicUrl.startsWith('https:'),
    sameSite: 'Lax',
    path: SOCIAL_AUTH_PATH,
    maxAge: SOCIAL_FLOW_TTL_SECONDS,
  });
}
