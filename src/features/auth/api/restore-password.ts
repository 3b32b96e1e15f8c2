import type { AuthApi, ContactType } from './types';

/** POST /restore-password/RestorePasswordSms/ or RestorePasswordEmail/ */
export function restorePassword(api: AuthApi, type: ContactType, requestId: string, password: string): Promise<unknown> {
  const path = type === 'phone' ? 'RestorePasswordSms' : 'RestorePasswordEmail';
  return api.http.post(`${api.ssoApi}/restore-password/${path}/`, { request_id: requestId, password });
}
