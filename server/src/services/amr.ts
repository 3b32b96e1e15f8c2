/**
 * How a sign-in was made, as the ID token's `amr` (RFC 8176 §2 values, OpenID Connect Core §2) and
 * the one `acr` Kirish defines (docs/partners.md "How the person signed in", docs/decisions.md):
 *
 * - password → `pwd`;
 * - a one-time code by SMS → `sms` (§2: "confirmation using SMS text message"), by voice call → `tel`,
 *   by e-mail → `otp` (the registry has no e-mail value; a code used once is a one-time password);
 * - a passkey → `hwk` for a device-bound credential, `swk` for a synced one (backup eligible or backed
 *   up, WebAuthn L3 §6.1.3: its private key leaves the device), plus `user` (the presence test every
 *   assertion passes, §6.1 UP); with user verification also `mfa`: the key held and the PIN or
 *   biometric that unlocked it are two factors (which of the two kinds the authenticator does not say,
 *   so neither `pin` nor `fpt` is claimed);
 * - a second step adds `otp` (a TOTP code, RFC 6238, or a recovery code: a password used once) and `mfa`;
 * - a sign-in Kirish did not check itself (a social provider's, a QR approval's) and every session from
 *   before migration 0020: null, no claim: RFC 8176 has no value for federation, and a guess is worse.
 */

/** The values Kirish uses, all registered (RFC 8176 §2). */
export type AmrValue = 'pwd' | 'otp' | 'sms' | 'tel' | 'hwk' | 'swk' | 'user' | 'mfa';

/**
 * The `acr` a client asks for to get a sign-in with more than one factor (OpenID Connect Core
 * §3.1.2.1 `acr_values`): OpenID PAPE's multi-factor policy, "more than one authentication factor".
 * Not REFEDS MFA, which asks for two distinct kinds of factor: a code and a TOTP are both possession.
 */
export const MFA_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

/** The `acr` values Kirish knows (discovery's `acr_values_supported`). */
export const ACR_VALUES_SUPPORTED = [MFA_ACR] as const;

/** A one-time code's way to the person (services/otp-service.ts channels). */
export type CodeChannel = 'sms' | 'call' | 'email';

export const passwordAmr = (): AmrValue[] => ['pwd'];

export function codeAmr(channel: CodeChannel): AmrValue[] {
  if (channel === 'sms') return ['sms'];
  if (channel === 'call') return ['tel'];
  return ['otp'];
}

export function passkeyAmr(passkey: { synced: boolean; userVerified: boolean }): AmrValue[] {
  const key: AmrValue = passkey.synced ? 'swk' : 'hwk';
  return passkey.userVerified ? [key, 'user', 'mfa'] : [key, 'user'];
}

/** The first step's values and the second step's: a TOTP or a recovery code is a one-time password. */
export function withSecondStep(first: readonly string[] | null): string[] {
  const values = new Set(first ?? []);
  values.add('otp');
  values.add('mfa');
  return [...values];
}

/** Whether a sign-in's `amr` meets `acr` (only MFA_ACR is defined). */
export const meetsAcr = (amr: readonly string[] | null): boolean => amr?.includes('mfa') ?? false;

/**
 * The `acr_values` of a request Kirish knows, in the order asked (OpenID Connect Core §3.1.2.1:
 * space-separated, in order of preference); unknown ones are dropped, since a voluntary claim that
 * cannot be met is simply not given (§5.5.1.1).
 */
export function knownAcrValues(acrValues: string): string[] {
  return acrValues.split(' ').filter((value) => (ACR_VALUES_SUPPORTED as readonly string[]).includes(value));
}
