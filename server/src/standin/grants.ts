/**
 * The stand-in's memory: authorization codes and access tokens, each bound to the client it was issued
 * to and to the identity that consented. One process keeps them, however many Kirish instances call it.
 */
import type { Clock } from '../lib/clock.js';
import { randomSecret } from '../lib/secrets.js';
import type { StandinIdentity } from './identities.js';

/** Real providers give a code ten minutes at most (RFC 6749 §4.1.2 recommends no more). */
export const CODE_LIFETIME_SECONDS = 600;
export const ACCESS_TOKEN_LIFETIME_SECONDS = 3600;

/** What the person agreed to, at the authorization page: kept with the code, then with the token. */
export interface Consent {
  clientId: string;
  redirectUri: string;
  identity: StandinIdentity;
  /** The provider's subject for this identity (identities.ts, subjectFor). */
  subject: string;
  scope: string;
  nonce: string | null;
  /** RFC 7636 §4.3: the S256 challenge of X's authorization request. */
  codeChallenge: string | null;
}

export interface IssuedToken {
  token: string;
  consent: Consent;
  expiresAtMs: number;
}

interface CodeEntry {
  consent: Consent;
  expiresAtMs: number;
  /** The token the code was exchanged for: a second use revokes it (RFC 6749 §4.1.2). */
  exchangedFor: string | null;
}

export interface Grants {
  issueCode(consent: Consent): string;
  /**
   * The consent of an unused, unexpired code, now used. A code used before answers null and revokes the
   * token it gave (RFC 6749 §4.1.2: "SHOULD revoke … all tokens previously issued based on that code").
   */
  redeemCode(code: string): Consent | null;
  /** Ties the token to the code it came from, so that reusing the code revokes it. */
  issueToken(consent: Consent, fromCode?: string): IssuedToken;
  /** A live token, or null for an unknown, revoked or expired one. */
  findToken(token: string): IssuedToken | null;
}

export function createGrants(clock: Clock): Grants {
  const codes = new Map<string, CodeEntry>();
  const tokens = new Map<string, IssuedToken>();

  // Expired entries are dropped as new ones come, so the maps stay the size of the last hour's use.
  const prune = () => {
    const now = clock.now();
    for (const [key, entry] of codes) if (entry.expiresAtMs <= now) codes.delete(key);
    for (const [key, entry] of tokens) if (entry.expiresAtMs <= now) tokens.delete(key);
  };

  return {
    issueCode(consent) {
      prune();
      const code = randomSecret(24);
      codes.set(code, { consent, expiresAtMs: clock.now() + CODE_LIFETIME_SECONDS * 1000, exchangedFor: null });
      return code;
    },
    redeemCode(code) {
      const entry = codes.get(code);
      if (!entry || entry.expiresAtMs <= clock.now()) return null;
      if (entry.exchangedFor !== null) {
        tokens.delete(entry.exchangedFor);
        return null;
      }
      entry.exchangedFor = '';
      return entry.consent;
    },
    issueToken(consent, fromCode) {
      prune();
      const issued = {
        token: randomSecret(32),
        consent,
        expiresAtMs: clock.now() + ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
      };
      tokens.set(issued.token, issued);
      const entry = fromCode === undefined ? undefined : codes.get(fromCode);
      if (entry) entry.exchangedFor = issued.token;
      return issued;
    },
    findToken(token) {
      const issued = tokens.get(token);
      return issued && issued.expiresAtMs > clock.now() ? issued : null;
    },
  };
}
