import type {
  RecoveryCodes,
  TotpConfirmed,
  TotpConfirmRequest,
  TotpSetup,
  TwoStepProofRequest,
  TwoStepStatus,
} from '../../../../server/src/contract/two-step.js';
import type { Http } from '../../../lib/http';

export type { TotpSetup, TwoStepStatus };

/** Two-step verification (docs/api.md, Two-step verification: /user/two-step/…). */
export function twoStepApi(http: Http, ssoApi: string) {
  const base = `${ssoApi}/user/two-step`;
  return {
    status: () => http.get<TwoStepStatus>(`${base}/`),
    /** A new authenticator-app secret, waiting for its first code; needs a fresh step-up proof. */
    startTotp: (proof: string) => http.post<TotpSetup>(`${base}/totp/`, { proof } satisfies TwoStepProofRequest),
    /** The recovery codes when this turned two-step on, null when it replaced the app. */
    confirmTotp: (code: string) =>
      http
        .post<TotpConfirmed>(`${base}/totp/confirm/`, { code } satisfies TotpConfirmRequest)
        .then((answer) => answer.recovery_codes),
    newRecoveryCodes: (proof: string) =>
      http
        .post<RecoveryCodes>(`${base}/recovery-codes/`, { proof } satisfies TwoStepProofRequest)
        .then((answer) => answer.recovery_codes),
    turnOff: (proof: string) => http.delete<TwoStepStatus>(`${base}/`, { proof } satisfies TwoStepProofRequest),
  };
}

export type TwoStepApi = ReturnType<typeof twoStepApi>;
