/**
 * The calls of sign-in by QR (docs/api.md, Sign-in by QR): the browser being signed in makes a request
 * (anonymous); the phone, signed in, reads it and approves or denies it with its Bearer.
 */
import type {
  QrLoginApproval,
  QrLoginRequestCreated,
  QrLoginRequestDetails,
} from '../../../../server/src/contract/qr-login.js';
import type { Http } from '../../../lib/http';
import type { AuthApi } from './types';

export type { QrLoginRequestCreated, QrLoginRequestDetails };

export const qrRequestUrl = (ssoApi: string, id: string) => `${ssoApi}/qr/login-requests/${encodeURIComponent(id)}/`;

/** POST /qr/login-requests/ (anonymous): a new request, its QR and its number; with the sign-in headers. */
export function createQrLogin(api: AuthApi): Promise<QrLoginRequestCreated> {
  return api.http.post<QrLoginRequestCreated>(`${api.ssoApi}/qr/login-requests/`, {}, { headers: api.signInHeaders() });
}

/** The phone's calls, with its own Bearer. */
export function qrApprovalApi(http: Http, ssoApi: string) {
  return {
    details: (id: string) => http.get<QrLoginRequestDetails>(qrRequestUrl(ssoApi, id)),
    approve: (id: string, approval: QrLoginApproval) =>
      http.post<null>(`${qrRequestUrl(ssoApi, id)}approve/`, approval),
    deny: (id: string) => http.post<null>(`${qrRequestUrl(ssoApi, id)}deny/`, {}),
  };
}

export type QrApprovalApi = ReturnType<typeof qrApprovalApi>;
