/**
 * Social sign-in (docs/product.md §2 "Social callback at /oauth/{provider}", §4, §7 "Social";
 * docs/social-sign-in.md): the eight providers, the calls that begin and end a provider's flow, the
 * `integration` step that proves an existing account before an identity is linked to it, and the
 * linked identities of the login-methods page. A sign-in answers with the token response (tokens.ts).
 */
import type { TokenResponse } from './tokens.js';

/** The providers, by the name the SPA's callback route carries (`/oauth/{provider}`). */
export const SOCIAL_PROVIDERS = [
  'google',
  'oneid',
  'telegram',
  'yandex',
  'vk',
  'facebook',
  'apple',
  'twitter',
] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export function isSocialProvider(name: string): name is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(name);
}

/** The name of a provider in its API paths (`/SocialAuth/{path}Login/`, `/SocialAuth/{path}/Login/`). */
export const SOCIAL_PATH_NAMES: Readonly<Record<SocialProvider, string>> = {
  google: 'Google',
  oneid: 'IdGovUz',
  telegram: 'Telegram',
  yandex: 'Yandex',
  vk: 'Vk',
  facebook: 'Facebook',
  apple: 'Apple',
  twitter: 'Twitter',
};

/** GET /SocialAuth/providers/: the providers this server offers, in the order the sign-in page shows them. */
export interface OfferedProviders {
  providers: SocialProvider[];
}

/**
 * POST /SocialAuth/{Path}/Login/ (Twitter's is docs/product.md §7's; the others follow it): begins a
 * provider's flow. The server keeps its state (and X's PKCE verifier, Apple's and Google's nonce) in the
 * database, bound to this browser by a cookie, single use and short-lived, and answers the provider's
 * authorization address to navigate to.
 */
export interface SocialStartRequest {
  /** Link the identity to the signed-in account (the request carries its access token) instead of signing in. */
  link?: boolean;
  /** The flow runs in a popup a partner's frame opened (docs/partners.md): its callback hands the result to the frame. */
  popup?: boolean;
}

export interface SocialStartResponse {
  url: string;
}

/** The state every callback call carries back: the one of its flow (RFC 6749 §10.12). */
interface WithState {
  state: string;
}

/** POST /SocialAuth/GoogleLogin/: the access token from the callback's fragment. */
export interface GoogleLoginRequest extends WithState {
  access_token: string;
  device_id?: string;
}

/** POST /SocialAuth/YandexLogin/: the access token from the callback's fragment. */
export interface YandexLoginRequest extends WithState {
  access_token: string;
}

/** POST /SocialAuth/{Vk,Facebook,Apple}Login/ and /SocialAuth/Twitter/Callback/: the callback's code. */
export interface CodeLoginRequest extends WithState {
  code: string;
}

/** POST /SocialAuth/IdGovUzLogin/: OneID's code, which the callback reads as `token` (or `code`). */
export interface OneIdLoginRequest extends WithState {
  token: string;
}

/**
 * What a provider's callback call answers (GET /SocialAuth/TelegramLogin/?… too):
 * - the token response of a sign-in (an identity already linked, or a new account: `has_phone` false, and
 *   the SPA confirms a phone with a `social_login` code before the return path, docs/product.md §4);
 * - `linked`, when the flow was a link from the login-methods page;
 * - `integration`, when the identity's e-mail or phone belongs to an existing account: nothing is linked
 *   until that account is proven (POST /SocialAuth/Integration/).
 */
export type SocialLoginResponse = TokenResponse | SocialLinked | SocialIntegration;

export interface SocialLinked {
  linked: SocialProvider;
}

export interface SocialIntegration {
  integration: {
    /** Names this pending link (single use, short-lived, bound to this browser). */
    token: string;
    provider: SocialProvider;
    /** The existing account's contact that matched, masked as the SPA shows contacts. */
    contact: string;
    contact_type: 'phone' | 'email';
    /** Whether the account has a password to prove itself with; a code to the contact always works. */
    has_password: boolean;
  };
}

/** POST /SocialAuth/Integration/code/: a code of section `social_login` to the matched contact. */
export interface IntegrationCodeRequest {
  token: string;
  method?: 'sms' | 'call';
}

/** POST /SocialAuth/Integration/: the proof (the password, or the code); answers the token response and links. */
export interface IntegrationRequest {
  token: string;
  password?: string;
  code?: string;
  save?: boolean;
}

/**
 * The pending-user confirmation (docs/product.md §2 step 4, §3 `userUUID`, §4): an account made through a
 * provider has no phone (`has_phone: false`). Home with `confirmType=phone` asks for one: a code of section
 * `social_login` (POST /auth/SendAuthSmsVerification/ then /auth/CheckAuthSmsVerification/, with the new
 * account's access token) gives a `request_id`, and POST /SocialAuth/ConfirmPhone/ puts the phone on the
 * account. A phone of another account is refused (`user_exists_with_phone_phone`): that account is signed in
 * with, not taken over.
 */
export interface ConfirmPhoneRequest {
  phone: string;
  request_id: string;
}

export interface ConfirmPhoneResponse {
  has_phone: true;
}

/** The `confirmType` query value Home runs (docs/product.md §4). */
export const CONFIRM_TYPE_PHONE = 'phone';

/** One linked identity, as GET /user/login-methods/ lists it (and the data export). */
export interface LinkedIdentity {
  provider: SocialProvider;
  /** What the provider calls the person: the e-mail, the username or the name; null when it gave none. */
  display: string | null;
  linked_at: string;
}

/** DELETE /user/login-methods/social/{provider}/: refused with `last_sign_in_method` when nothing else is left. */
export type UnlinkResponse = Record<string, never>;

export type { TokenResponse };
