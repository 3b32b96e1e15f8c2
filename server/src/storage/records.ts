/**
 * The records that more than one part of the storage interface speaks in: the account and its
 * sign-ins. They import nothing of the interfaces (account-storage.ts, session-storage.ts,
 * personal-storage.ts, storage.ts), so those can all use them without importing each other in a circle.
 */
import type { Gender, VerificationStatus } from '../contract/profile.js';

export interface User {
  id: string;
  phone: string | null;
  email: string | null;
  emailVerified: boolean;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  isInactivated: boolean;
  createdAt: number;
  updatedAt: number;
  passwordChangedAt: number | null;
  middleName: string | null;
  /** Lower-cased, `^[a-z0-9_.]{3,32}$`. */
  username: string | null;
  /** `YYYY-MM-DD`. */
  birthDate: string | null;
  gender: Gender | null;
  /** The image source of the profile photo (`avatars/<random>.webp`), served by /cdn. */
  photo: string | null;
  verificationStatus: VerificationStatus;
  secondaryPhone: string | null;
  secondaryEmail: string | null;
  /** When the account was deactivated; null while it is active. */
  inactivatedAt: number | null;
  /** When a deactivated account is erased for good. */
  eraseAt: number | null;
  /** docs/product.md §3: 0 made through a provider, 1 with an e-mail, 2 with the e-mail skipped; null before it was kept. */
  registrationKind: 0 | 1 | 2 | null;
  /** The PINFL (14 digits) OneID vouched for; null until the account signs in through OneID. */
  pinfl: string | null;
}

/** The personal fields of a new account: all empty, not verified. */
export const NEW_ACCOUNT_PROFILE = {
  middleName: null,
  username: null,
  birthDate: null,
  gender: null,
  photo: null,
  verificationStatus: 'not_verified',
  secondaryPhone: null,
  secondaryEmail: null,
  inactivatedAt: null,
  eraseAt: null,
  registrationKind: null,
  pinfl: null,
} as const satisfies Partial<User>;

/**
 * `sso`: a sign-in to Kirish itself, whose tokens act on the user's account (the SPA's).
 * `oauth`: the token family of one authorization of an OAuth client, whose tokens only reach the
 * userinfo endpoint. The `OauthClientId` sign-in header (docs/product.md §7) may name a client on an `sso`
 * session too, so the kind, not that column, tells them apart.
 */
export type SessionKind = 'sso' | 'oauth';

export interface Session {
  id: string;
  userId: string;
  deviceId: string | null;
  userAgent: string | null;
  ip: string;
  source: string | null;
  productSource: string | null;
  oauthClientId: string | null;
  save: boolean;
  createdAt: number;
  lastSeenAt: number;
  endedAt: number | null;
  endReason: string | null;
  kind: SessionKind;
  /** `oauth` sessions only: the scope the client was granted, space-separated (RFC 6749 §3.3). */
  scope: string | null;
  /**
   * `oauth` sessions, and sessions joined in a partner's frame: when the user signed in to Kirish
   * (OpenID Connect Core §2 `auth_time`), from which the session's lifetime counts.
   */
  authTime: number | null;
  /** A session joined in a partner's frame (docs/fedcm.md): the sign-in it was joined from, which ends it when it ends. */
  parentSessionId: string | null;
  /** Of such a session: the origin of the partner's page it was joined on. */
  partnerOrigin: string | null;
  /**
   * How the person signed in (services/amr.ts): RFC 8176 values for the ID token's `amr`; null for a
   * sign-in made before migration 0020 or by a way with no value to name it (no claim, never a guess).
   */
  amr: string[] | null;
  /** Of an `oauth` session: the `acr` its authorization request asked for and the sign-in met (OpenID Connect Core §2). */
  acr: string | null;
}
