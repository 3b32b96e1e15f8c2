/**
 * Passkeys (issue 41, WebAuthn Level 3): the account's own under /user/passkeys/, and the sign-in with
 * one under /login/passkey/. The ceremonies' options and answers are WebAuthn's JSON forms (WebAuthn
 * L3 §5.1.8 `toJSON()`, §5.4/§5.5 `parse…OptionsFromJSON()`), which @simplewebauthn/browser reads and makes.
 */
import type { TokenResponse } from './tokens.js';

/** A passkey's name: made from the browser and system at registration, the person may change it. */
export const PASSKEY_NAME_MAX_LENGTH = 64;

/** POST /user/passkeys/registration/options/: a fresh step-up proof (step-up.ts). */
export interface PasskeyOptionsRequest {
  proof: string;
}

/**
 * The options for `navigator.credentials.create()` (PublicKeyCredentialCreationOptionsJSON) or
 * `.get()` (PublicKeyCredentialRequestOptionsJSON), as WebAuthn's JSON form; kept opaque here.
 */
export type WebauthnOptionsJSON = { challenge: string } & Record<string, unknown>;

/** What `PublicKeyCredential.toJSON()` gives (RegistrationResponseJSON, AuthenticationResponseJSON). */
export interface PublicKeyCredentialJSON {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Record<string, unknown>;
  authenticatorAttachment?: string;
  clientExtensionResults?: Record<string, unknown>;
}

/** POST /user/passkeys/registration/: the created credential; `name` defaults to the browser and system. */
export interface PasskeyRegistrationRequest {
  credential: PublicKeyCredentialJSON;
  name?: string;
}

export interface PasskeyView {
  id: string;
  name: string;
  /** ISO 8601. */
  created_at: string;
  last_used_at: string | null;
  /** Synced to the person's other devices (the BS flag, WebAuthn L3 §6.1). */
  backed_up: boolean;
}

/** GET /user/passkeys/: the oldest first. */
export interface PasskeyList {
  passkeys: PasskeyView[];
}

/** PATCH /user/passkeys/{id}/ */
export interface PasskeyRenameRequest {
  name: string;
}

/** DELETE /user/passkeys/{id}/: a fresh step-up proof. */
export interface PasskeyRemoveRequest {
  proof: string;
}

/**
 * POST /login/passkey/options/: no body on Kirish's own pages; inside a partner's frame (the widget)
 * the client the embed is for, so the passkey may answer from that frame (WebAuthn L3 §5.10.5).
 */
export interface PasskeyLoginOptionsRequest {
  client_id?: string;
}

/** POST /login/passkey/: the assertion; `save` keeps the refresh token as in every sign-in. */
export interface PasskeyLoginRequest {
  credential: PublicKeyCredentialJSON;
  save?: boolean;
}

/** A passkey sign-in answers as every sign-in does. */
export type PasskeyLoginResponse = TokenResponse;
