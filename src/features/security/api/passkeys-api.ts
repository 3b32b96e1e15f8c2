import type {
  PasskeyList,
  PasskeyOptionsRequest,
  PasskeyRegistrationRequest,
  PasskeyRemoveRequest,
  PasskeyRenameRequest,
  PasskeyView,
  PublicKeyCredentialJSON,
  WebauthnOptionsJSON,
} from '../../../../server/src/contract/passkeys.js';
import type { Http } from '../../../lib/http';

export type { PasskeyView };

/** The account's passkeys (docs/api.md, Passkeys: /user/passkeys/…). */
export function passkeysApi(http: Http, ssoApi: string) {
  const base = `${ssoApi}/user/passkeys`;
  return {
    list: () => http.get<PasskeyList>(`${base}/`).then((answer) => answer.passkeys),
    /** Creation options for `createPasskey`; needs a fresh step-up proof. */
    registrationOptions: (proof: string) =>
      http.post<WebauthnOptionsJSON>(`${base}/registration/options/`, { proof } satisfies PasskeyOptionsRequest),
    register: (credential: PublicKeyCredentialJSON) =>
      http.post<PasskeyView>(`${base}/registration/`, { credential } satisfies PasskeyRegistrationRequest),
    rename: (id: string, name: string) =>
      http.patch<PasskeyView>(`${base}/${encodeURIComponent(id)}/`, { name } satisfies PasskeyRenameRequest),
    /** Refused with `last_sign_in_method` when it is the last way in. */
    remove: (id: string, proof: string) =>
      http.delete(`${base}/${encodeURIComponent(id)}/`, { proof } satisfies PasskeyRemoveRequest),
  };
}

export type PasskeysApi = ReturnType<typeof passkeysApi>;
