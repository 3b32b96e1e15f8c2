import type { PasswordRestored, RestorePasswordRequest } from '../../../../server/src/contract/passwords.js';
import type { AuthApi, ContactType } from './types';

export type { PasswordRestored };

/** POST /restore-password/RestorePasswordSms/ or RestorePasswordEmail/: every sign-in ends, and the apps' sessions when asked. */
export function restorePassword(
  api: AuthApi,
  type: ContactType,
  requestId: string,
  password: string,
  endApps: boolean,
): Promise<PasswordRestored> {
  const path = type === 'phone' ? 'RestorePasswordSms' : 'RestorePasswordEmail';
  const body: Required<RestorePasswordRequest> = { request_id: requestId, password, end_app_sessions: endApps };
  return api.http.post<PasswordRestored>(`${api.ssoApi}/restore-password/${path}/`, body);
}
