/**
 * The one wrapper of @simplewebauthn/browser (docs/architecture.md, one wrapper per library): making a
 * passkey and using one (WebAuthn Level 3), in the JSON forms the server's /user/passkeys/ and
 * /login/passkey/ speak (docs/api.md, Passkeys). The library is loaded on first use, never with the
 * page: the login route and the partner frame pay for every byte of their first download
 * (test/budget.test.ts), and most visits never touch a passkey. The support checks below need no library.
 */
import type { PublicKeyCredentialJSON, WebauthnOptionsJSON } from '../../server/src/contract/passkeys.js';

/**
 * Why a ceremony gave no credential: the person closed the browser's prompt or let it time out
 * (`cancelled`; WebAuthn L3 §6.3.2 answers NotAllowedError for both, on purpose, so a page cannot
 * learn which), the authenticator holds a passkey of this account already (`exists`, InvalidStateError
 * §6.3.2 step 3), no WebAuthn here (`unsupported`), or anything else (`failed`).
 */
export type PasskeyFailure = 'cancelled' | 'exists' | 'unsupported' | 'failed';

export class PasskeyError extends Error {
  constructor(readonly failure: PasskeyFailure) {
    super(`passkey_${failure}`);
  }
}

const library = () => import('@simplewebauthn/browser');

/** Whether this browser has WebAuthn at all (a secure context with PublicKeyCredential). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser offers passkeys in a field's autofill (conditional mediation, WebAuthn L3 §5.1.7). */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const available = (PublicKeyCredential as unknown as { isConditionalMediationAvailable?: () => Promise<boolean> })
    .isConditionalMediationAvailable;
  return typeof available === 'function' ? available.call(PublicKeyCredential).catch(() => false) : false;
}

function asPasskeyError(error: unknown): PasskeyError {
  if (error instanceof PasskeyError) return error;
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return new PasskeyError('exists');
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
    return new PasskeyError('cancelled');
  return new PasskeyError('failed');
}

/** Makes a passkey from the server's creation options; its answer is for POST /user/passkeys/registration/. */
export async function createPasskey(options: WebauthnOptionsJSON): Promise<PublicKeyCredentialJSON> {
  if (!passkeysSupported()) throw new PasskeyError('unsupported');
  try {
    const { startRegistration } = await library();
    return (await startRegistration({ optionsJSON: options as never })) as unknown as PublicKeyCredentialJSON;
  } catch (error) {
    throw asPasskeyError(error);
  }
}

/**
 * Signs a sign-in challenge with a passkey the person picks: from the browser's own prompt, or with
 * `autofill` from the suggestions of the field marked `autocomplete="username webauthn"` (it waits,
 * unresolved, until one is picked or another ceremony begins, which ends it as `cancelled`).
 */
export async function usePasskey(
  options: WebauthnOptionsJSON,
  { autofill = false }: { autofill?: boolean } = {},
): Promise<PublicKeyCredentialJSON> {
  if (!passkeysSupported()) throw new PasskeyError('unsupported');
  try {
    const { startAuthentication } = await library();
    return (await startAuthentication({
      optionsJSON: options as never,
      useBrowserAutofill: autofill,
    })) as unknown as PublicKeyCredentialJSON;
  } catch (error) {
    throw asPasskeyError(error);
  }
}

/** Ends a waiting ceremony (the autofill one, when the page leaves the field's step). */
export async function cancelPasskeyRequest(): Promise<void> {
  const { WebAuthnAbortService } = await library();
  WebAuthnAbortService.cancelCeremony();
}
