/**
 * What Kirish needs of a social provider (docs/social-sign-in.md): the address that begins its flow, and
 * the person it vouches for once the flow comes back. One client per provider (`./{provider}.ts`), each
 * speaking that provider's real protocol; the sign-in service (social-sign-in.ts) knows only this.
 */
import type { SocialProvider } from '../../contract/social.js';

/** The person a provider vouches for, in one shape whatever the provider. */
export interface SocialIdentity {
  provider: SocialProvider;
  /** The provider's stable id of the person (Google's `sub`, VK's `id`, OneID's `user_id`, …). */
  subject: string;
  /** Lower-cased; null when the provider gave none. */
  email: string | null;
  /** Whether the provider itself confirmed the e-mail. */
  emailVerified: boolean;
  /** E.164 digits without `+` (`998901234567`); null when the provider gave none. */
  phone: string | null;
  phoneVerified: boolean;
  firstName: string;
  lastName: string;
  /** What the login-methods page shows for the identity: the e-mail, the username or the name. */
  display: string | null;
  pictureUrl: string | null;
  /** OneID only: the PINFL (14 digits) and the birth date (YYYY-MM-DD) of the state's record. */
  pinfl: string | null;
  birthDate: string | null;
}

/** What a flow keeps between its two legs (the database row of social-sign-in.ts), as a client needs it. */
export interface FlowSecrets {
  state: string;
  /** OpenID nonce (Google, Apple). */
  nonce: string;
  /** RFC 7636 verifier (X); the client derives the S256 challenge from it. */
  codeVerifier: string;
}

/** What the SPA's callback call carried, by provider (contract/social.ts). */
export type CallbackInput =
  | { kind: 'access_token'; accessToken: string }
  | { kind: 'code'; code: string; appleUser?: { firstName?: string; lastName?: string; email?: string } }
  /** Telegram: every field of the signed redirect but Kirish's own `state`. */
  | { kind: 'fields'; fields: Record<string, string> };

export interface ProviderClient {
  provider: SocialProvider;
  /** The provider's authorization address for this flow (its redirect URI is `{PUBLIC_URL}/oauth/{provider}`). */
  authorizationUrl(flow: FlowSecrets): string;
  /**
   * Checks what came back (the token's audience, the ID token's signature, issuer, audience, expiry and nonce,
   * Telegram's hash and age, …) and reads the person. Throws `ApiError` with `social_token_invalid` (the
   * provider refused or the proof does not hold) or `social_login_failed` (the provider could not be reached
   * or answered nonsense); never anything else.
   */
  identify(input: CallbackInput, flow: FlowSecrets): Promise<SocialIdentity>;
}

/** The configured clients: only the offered providers have one. */
export type ProviderClients = Partial<Record<SocialProvider, ProviderClient>>;
