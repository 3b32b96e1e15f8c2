/**
 * The one wrapper of @simplewebauthn/server (WebAuthn Level 3): the options of the two ceremonies and
 * the checks of their answers. Kirish is the relying party: its id is PUBLIC_URL's host (WebAuthn L3
 * §5.1.4.1's registrable domain, no port), and only PUBLIC_URL's exact origin is accepted (§7.1 step
 * 9, §7.2 step 13), so a look-alike site cannot relay a ceremony. The challenge is made here, 32
 * random bytes (§13.4.3: at least 16), and the caller keeps it single-use.
 *
 * A sign-in inside a partner's frame (issue 41, the widget's iframe with `allow="publickey-credentials-get"`)
 * signs client data with `crossOrigin: true` and `topOrigin` the partner page's origin (§5.8.1, §5.10.5).
 * @simplewebauthn/server 14 checks `topOrigin` against `expectedTopOrigin` only when the browser sends
 * one (Safari does not yet), and takes `crossOrigin: true` with no `topOrigin` unchecked; registration
 * it does not check at all. So the rule is checked here first (`embeddingAllowed`), then passed on.
 */
import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';

export type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
};

/** Who the relying party is, from PUBLIC_URL. */
export interface RelyingParty {
  id: string;
  name: string;
  origin: string;
}

export function relyingPartyOf(publicUrl: string, name: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name, origin: url.origin };
}

/** The challenge a ceremony's answer signed (its client data, WebAuthn L3 §5.8.1), or null when unreadable. */
export function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' && challenge.length > 0 ? challenge : null;
  } catch {
    return null;
  }
}

/** What §7.1 step 9-10 and §7.2 step 13-14 read from the client data besides the challenge. */
interface FrameOfClientData {
  crossOrigin: boolean;
  topOrigin: string | null;
}

function frameOf(clientDataJSON: unknown): FrameOfClientData | null {
  if (typeof clientDataJSON !== 'string') return null;
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as Record<string, unknown>;
    const topOrigin = data.topOrigin;
    if (topOrigin !== undefined && typeof topOrigin !== 'string') return null;
    return { crossOrigin: data.crossOrigin === true, topOrigin: topOrigin ?? null };
  } catch {
    return null;
  }
}

/**
 * Whether the ceremony ran in a frame Kirish expects (WebAuthn L3 §7.2 steps 13-14, §5.10.5): same
 * origin as all its ancestors (no `crossOrigin`, no `topOrigin`), or cross-origin with `topOrigin`
 * exactly one of `topOrigins` (the registered web origins of the client the embed is for; none, no
 * frame). A cross-origin answer without `topOrigin` names no page to check, so it is refused.
 */
export function embeddingAllowed(clientDataJSON: unknown, topOrigins: readonly string[]): boolean {
  const frame = frameOf(clientDataJSON);
  if (!frame) return false;
  if (!frame.crossOrigin) return frame.topOrigin === null;
  return frame.topOrigin !== null && topOrigins.includes(frame.topOrigin);
}

/**
 * Registration's options: a discoverable credential (so the sign-in needs no name first and the
 * browser's autofill can offer it, §5.4.6 residentKey `required`), user verification preferred, no
 * attestation (§5.4.7 `none`: Kirish trusts no vendor list, and asking would identify the device).
 */
export async function registrationOptions(
  rp: RelyingParty,
  user: { id: string; name: string; displayName: string },
  exclude: { id: string; transports: string[] }[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    // The user handle is the account's id, no personal data (§14.6.1).
    userID: new Uint8Array(Buffer.from(user.id, 'utf8')),
    userName: user.name,
    userDisplayName: user.displayName,
    challenge: new Uint8Array(randomBytes(32)),
    attestationType: 'none',
    excludeCredentials: exclude,
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  });
}

/**
 * A sign-in's options: no allowCredentials, so the browser offers every passkey of this site (§5.5);
 * for a second step, the account's own passkeys (`allow`), so the browser offers only those.
 */
export async function authenticationOptions(
  rp: RelyingParty,
  allow: { id: string; transports: string[] }[] = [],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.id,
    challenge: new Uint8Array(randomBytes(32)),
    userVerification: 'preferred',
    ...(allow.length > 0 ? { allowCredentials: allow } : {}),
  });
}

export interface RegisteredCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backupEligible: boolean;
  backupState: boolean;
}

/** The new credential, or null when the answer does not check out (a wrong origin, RP id, challenge, signature). */
export async function verifyRegistration(
  rp: RelyingParty,
  response: RegistrationResponseJSON,
  challenge: string,
): Promise<RegisteredCredential | null> {
  // §7.1 steps 9-10: Kirish registers passkeys only on its own pages, never inside another site's frame.
  if (!embeddingAllowed(response.response.clientDataJSON, [])) return null;
  try {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const { credential, credentialDeviceType, credentialBackedUp } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      backupEligible: credentialDeviceType === 'multiDevice',
      backupState: credentialBackedUp,
    };
  } catch {
    return null;
  }
}

export interface VerifiedAssertion {
  /** The signature counter the authenticator reported (§6.1.1). */
  counter: number;
  userVerified: boolean;
  backupState: boolean;
}

/**
 * Checks a sign-in's answer against the stored credential: origin, RP id, challenge, user presence and
 * the signature, and the frame it ran in (`topOrigins`, `embeddingAllowed`). The counter rule is the caller's (it logs a counter that went backwards), so the
 * library gets a counter of 0 and checks none. Null when it does not check out.
 */
export async function verifyAssertion(
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  challenge: string,
  credential: { id: string; publicKey: string; transports: string[] },
  topOrigins: readonly string[] = [],
): Promise<VerifiedAssertion | null> {
  if (!embeddingAllowed(response.response.clientDataJSON, topOrigins)) return null;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      ...(topOrigins.length > 0 ? { expectedTopOrigin: [...topOrigins] } : {}),
      expectedRPID: rp.id,
      credential: {
        id: credential.id,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: 0,
        transports: credential.transports,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return null;
    const info = result.authenticationInfo;
    return { counter: info.newCounter, userVerified: info.userVerified, backupState: info.credentialBackedUp };
  } catch {
    return null;
  }
}
