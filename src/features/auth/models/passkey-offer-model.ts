/**
 * The offer to make a passkey after a password or code sign-in on the full-page Login (issue 41:
 * "offer once to make one, dismissable, remembered on the device"; docs/decisions.md, Passkeys).
 * Offered where the browser has WebAuthn and the device a platform authenticator that verifies its
 * user (WebAuthn L3 §5.1.7 isUserVerifyingPlatformAuthenticatorAvailable), to an account with no
 * passkey yet that has not answered "Not now" here. Making one needs a fresh step-up proof, as
 * Security does (docs/api.md, POST /user/passkeys/registration/options/).
 */
import { signal } from '@preact/signals-react';
import type { PasskeyList, PasskeyView, WebauthnOptionsJSON } from '../../../../server/src/contract/passkeys.js';
import type { Form } from '../../../lib/form';
import type { Http } from '../../../lib/http';
import { PASSKEY_OFFER_DECLINED_KEY } from '../../../lib/storage-keys';
import type { PublicKeyCredentialJSON } from '../../../../server/src/contract/passkeys.js';

export interface OfferDeps {
  http: Http;
  ssoApi: string;
  /** The device's storage (localStorage through lib/browser-storage). */
  read: (key: string) => string | null;
  write: (key: string, value: string) => void;
  /** Whether the browser has WebAuthn and a platform authenticator with user verification. */
  platformAuthenticator: () => Promise<boolean>;
}

function declined(deps: Pick<OfferDeps, 'read'>): string[] {
  try {
    const list: unknown = JSON.parse(deps.read(PASSKEY_OFFER_DECLINED_KEY) ?? '[]');
    return Array.isArray(list) ? list.filter((uuid): uuid is string => typeof uuid === 'string') : [];
  } catch {
    return [];
  }
}

/** Before the session is kept: whether this device and account could be offered a passkey at all. */
export async function mayOffer(deps: Pick<OfferDeps, 'read' | 'platformAuthenticator'>, uuid: string) {
  return !declined(deps).includes(uuid) && (await deps.platformAuthenticator().catch(() => false));
}

/** Signed in: offered only to an account with no passkey yet (a passkey sign-in never meets the offer). */
export async function hasNoPasskey(deps: Pick<OfferDeps, 'http' | 'ssoApi'>): Promise<boolean> {
  const list = await deps.http.get<PasskeyList>(`${deps.ssoApi}/user/passkeys/`).catch(() => null);
  return list !== null && list.passkeys.length === 0;
}

export function createPasskeyOfferModel(
  deps: OfferDeps & {
    form: Form;
    uuid: string;
    create: (options: WebauthnOptionsJSON) => Promise<PublicKeyCredentialJSON>;
    /** Whether a ceremony's failure is the person closing the prompt (nothing to say then). */
    closed: (error: unknown) => boolean;
  },
) {
  const { form } = deps;
  /** `offer`, then `proof` (the step-up) after "Create a passkey". */
  const stage = signal<'offer' | 'proof'>('offer');
  return {
    stage,
    /** "Not now": remembered on this device for this account. */
    decline(): void {
      const list = declined(deps);
      if (!list.includes(deps.uuid)) deps.write(PASSKEY_OFFER_DECLINED_KEY, JSON.stringify([...list, deps.uuid]));
    },
    ask(): void {
      form.reset();
      stage.value = 'proof';
    },
    /** With the fresh proof: the creation options, the browser's ceremony, the registration. True once made. */
    async create(proof: string): Promise<boolean> {
      form.reset();
      const options = await form.attempt(() =>
        deps.http.post<WebauthnOptionsJSON>(`${deps.ssoApi}/user/passkeys/registration/options/`, { proof }),
      );
      if (!options) return false;
      let credential: PublicKeyCredentialJSON;
      try {
        credential = await deps.create(options);
      } catch (error) {
        if (!deps.closed(error)) form.setError('flow', 'passkey_not_valid');
        stage.value = 'offer';
        return false;
      }
      const made = await form.attempt(() =>
        deps.http.post<PasskeyView>(`${deps.ssoApi}/user/passkeys/registration/`, { credential }),
      );
      if (!made) stage.value = 'offer';
      return made !== undefined;
    },
  };
}

export type PasskeyOfferModel = ReturnType<typeof createPasskeyOfferModel>;
