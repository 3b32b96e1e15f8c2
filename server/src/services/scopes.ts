/**
 * Scopes and the claims they release (OpenID Connect Core §5.4): `openid` makes the request an
 * OpenID one (an ID token comes back), the others release the user's name, phone and e-mail.
 */
import type { User } from '../storage/records.js';

export const SUPPORTED_SCOPES = ['openid', 'profile', 'phone', 'email'] as const;

/** Every claim this provider can put in an ID token or a userinfo answer (for discovery). */
export const SUPPORTED_CLAIMS = [
  'sub',
  'iss',
  'aud',
  'exp',
  'iat',
  'auth_time',
  'nonce',
  'sid',
  'azp',
  'name',
  'given_name',
  'family_name',
  'phone_number',
  'phone_number_verified',
  'email',
  'email_verified',
] as const;

/**
 * The scopes of a `scope` parameter: space-delimited, case-sensitive (RFC 6749 §3.3), each once, in
 * the order given.
 */
export function parseScope(value: string): string[] {
  return [...new Set(value.split(' ').filter((scope) => scope !== ''))];
}

export const joinScope = (scopes: readonly string[]): string => scopes.join(' ');

/**
 * The user's claims that `scopes` release. A claim without a value is left out rather than sent
 * as null (OpenID Connect Core §5.3.2). Phones are verified by a code before any account holds one.
 */
export function userClaims(user: User, scopes: readonly string[]): Record<string, string | boolean> {
  const claims: Record<string, string | boolean> = {};
  if (scopes.includes('profile')) {
    claims.given_name = user.firstName;
    claims.family_name = user.lastName;
    claims.name = `${user.firstName} ${user.lastName}`.trim();
  }
  if (scopes.includes('phone') && user.phone !== null) {
    claims.phone_number = user.phone;
    claims.phone_number_verified = true;
  }
  if (scopes.includes('email') && user.email !== null) {
    claims.email = user.email;
    claims.email_verified = user.emailVerified;
  }
  return claims;
}
