import type { DataExport } from '../../../../server/src/contract/data-export.js';
import type { Grant } from '../../../../server/src/contract/grants.js';
import type { LoginMethods } from '../../../../server/src/contract/login-methods.js';
import type { ChangePasswordRequest, PasswordChanged } from '../../../../server/src/contract/passwords.js';
import {
  SOCIAL_PATH_NAMES,
  type OfferedProviders,
  type SocialProvider,
  type SocialStartRequest,
  type SocialStartResponse,
} from '../../../../server/src/contract/social.js';
import type { SecurityEvent, SecurityEventPage } from '../../../../server/src/contract/security-events.js';
import type {
  ActiveSession,
  EndOtherSessionsRequest,
  SessionsEnded,
} from '../../../../server/src/contract/sessions.js';
import type { Http } from '../../../lib/http';
import type { UserProfile } from '../../../lib/session';

export type { Grant, LoginMethods, PasswordChanged, SecurityEvent, SecurityEventPage };
/** GET /user/sessions/: one place the account is signed in. */
export type SessionInfo = ActiveSession;

/** The security centre's calls (docs/api.md, Security). */
export function securityApi(http: Http, ssoApi: string) {
  const user = `${ssoApi}/user`;
  return {
    sessions: () => http.get<SessionInfo[]>(`${user}/sessions/`),
    endSession: (id: string) => http.delete(`${user}/sessions/${encodeURIComponent(id)}/`),
    /** Needs a fresh step-up proof (ASVS 5.0 §7.5.2; docs/api.md). */
    endOtherSessions: (proof: string) =>
      http.post<SessionsEnded>(`${user}/sessions/end-others/`, { proof } satisfies EndOtherSessionsRequest),
    events: (pageSize: number, page = 1) =>
      http.get<SecurityEventPage>(`${user}/security/events/`, {
        params: { page: String(page), page_size: String(pageSize) },
      }),
    loginMethods: () => http.get<LoginMethods>(`${user}/login-methods/`),
    grants: () => http.get<Grant[]>(`${user}/grants/`),
    /** GET /SocialAuth/providers/: the providers this server offers (those not linked get a "Link"). */
    offeredProviders: () =>
      http.get<OfferedProviders>(`${ssoApi}/SocialAuth/providers/`).then((answer) => answer.providers),
    /** POST /SocialAuth/{Path}/Login/ with `link`: the provider's address; its callback links the identity. */
    startLink: (provider: SocialProvider) =>
      http
        .post<SocialStartResponse>(`${ssoApi}/SocialAuth/${SOCIAL_PATH_NAMES[provider]}/Login/`, {
          link: true,
        } satisfies SocialStartRequest)
        .then((answer) => answer.url),
    /** DELETE /user/login-methods/social/{provider}/: refused with `last_sign_in_method` when it is the last way in. */
    unlink: (provider: SocialProvider) => http.delete(`${user}/login-methods/social/${provider}/`),
    revokeGrant: (clientId: string) => http.delete(`${user}/grants/?client_id=${encodeURIComponent(clientId)}`),
    changePassword: (body: Required<ChangePasswordRequest>) =>
      http.post<PasswordChanged>(`${user}/change-password/`, body),
    exportData: () => http.get<DataExport>(`${user}/export/`),
    profile: () => http.get<UserProfile>(`${user}/MyProfile`),
  };
}

export type SecurityApi = ReturnType<typeof securityApi>;
