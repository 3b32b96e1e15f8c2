/**
 * The social sign-in part of the storage interface (issue 36, docs/social-sign-in.md): the identities
 * linked to accounts, the flows between a provider's two legs, and the pending links of the
 * `integration` step (kysely-social-storage.ts). Nothing of a flow lives in one process's memory, so
 * any instance finishes what another began.
 */
import type { SocialProvider } from '../contract/social.js';

/** One provider identity linked to one account; (provider, subject) is unique. */
export interface LinkedIdentityRecord {
  provider: SocialProvider;
  subject: string;
  userId: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  emailVerified: boolean;
  display: string | null;
  linkedAt: number;
}

/** A flow between its two legs: begun by POST {Path}/Login/, ended by the provider's callback call. */
export interface SocialFlow {
  /** SHA-256 of the `state` (RFC 6749 §10.12) the provider hands back. */
  stateHash: string;
  /** SHA-256 of the random value of the browser's binding cookie. */
  bindingHash: string;
  provider: SocialProvider;
  purpose: 'signin' | 'link';
  /** The account to link to, for a `link` flow. */
  userId: string | null;
  /** OpenID nonce (Google, Apple), X's PKCE verifier (RFC 7636): kept only here, never sent to the browser. */
  nonce: string;
  codeVerifier: string;
  /** Begun in a popup a partner's frame opened (docs/partners.md). */
  popup: boolean;
  /** Apple's first-time `user` (the name it gives once, in its form_post), JSON; null until it arrives. */
  appleUser: string | null;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** An identity waiting for proof of the existing account its e-mail or phone belongs to. */
export interface PendingLink {
  id: string;
  tokenHash: string;
  bindingHash: string;
  /** The identity as the provider vouched for it (services/social/provider-client.ts SocialIdentity), JSON. */
  identity: string;
  provider: SocialProvider;
  userId: string;
  contactType: 'phone' | 'email';
  contact: string;
  attempts: number;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

export interface SocialStorage {
  linkedIdentities: {
    /** False when (provider, subject) is linked already (to any account): nothing is written. */
    insert(identity: LinkedIdentityRecord): Promise<boolean>;
    find(provider: SocialProvider, subject: string): Promise<LinkedIdentityRecord | undefined>;
    /** The account's identities, the earliest linked first. */
    listForUser(userId: string): Promise<LinkedIdentityRecord[]>;
    /** Unlinks the account's identity of `provider`; false when it had none. */
    remove(userId: string, provider: SocialProvider): Promise<boolean>;
  };

  socialFlows: {
    insert(flow: SocialFlow): Promise<void>;
    /** Keeps Apple's `user` with an unused, unexpired flow that has none yet; false otherwise. */
    keepAppleUser(stateHash: string, appleUser: string, at: number): Promise<boolean>;
    /**
     * Takes the flow once, in one statement: unused, unexpired and bound to this browser. Of any number
     * of takers at once one gets it; another browser's take leaves it as it was.
     */
    take(stateHash: string, bindingHash: string, at: number): Promise<SocialFlow | undefined>;
    /** Drops flows expired before `before` (the hourly sweep). */
    sweepExpired(before: number): Promise<number>;
  };

  pendingLinks: {
    insert(link: PendingLink): Promise<void>;
    /** An unused, unexpired pending link of this browser. */
    find(tokenHash: string, bindingHash: string, at: number): Promise<PendingLink | undefined>;
    /** Counts one proof attempt, only while fewer than `maxAttempts` were made; false once they are spent. */
    takeAttempt(id: string, maxAttempts: number): Promise<boolean>;
    /** Marks it used, once; false when another request used it first. */
    markUsed(id: string, at: number): Promise<boolean>;
    /** Drops pending links expired before `before` (the hourly sweep). */
    sweepExpired(before: number): Promise<number>;
  };
}
