import type { Http } from '../../../lib/http';
import type { UserProfile } from '../../../lib/session';

export interface SessionInfo {
  id: string;
  device: 'desktop' | 'mobile' | 'tablet' | 'unknown';
  browser: string | null;
  os: string | null;
  ip: string;
  source: string | null;
  created_at: string;
  last_active_at: string;
  current: boolean;
}

export interface SecurityEvent {
  id: string;
  type: string;
  created_at: string;
  ip: string;
  device: string | null;
  browser: string | null;
  os: string | null;
}

export interface LoginMethods {
  password: boolean;
  phone_code: boolean;
  email_code: boolean;
  social: string[];
}

export interface Grant {
  client_id: string;
  name: string;
  logo_url: string | null;
  scopes: string[];
  created_at: string;
}

/** The security centre's calls (docs/api.md, Security). */
export function securityApi(http: Http, ssoApi: string) {
  const user = `${ssoApi}/user`;
  return {
    sessions: () => http.get<SessionInfo[]>(`${user}/sessions/`),
    endSession: (id: string) => http.delete(`${user}/sessions/${encodeURIComponent(id)}/`),
    endOtherSessions: () => http.post<{ ended: number }>(`${user}/sessions/end-others/`),
    events: (pageSize: number) => http.get<{ count: number; results: SecurityEvent[] }>(`${user}/security/events/`, { params: { page: '1', page_size: String(pageSize) } }),
    loginMethods: () => http.get<LoginMethods>(`${user}/login-methods/`),
    grants: () => http.get<Grant[]>(`${user}/grants/`),
    revokeGrant: (clientId: string) => http.delete(`${user}/grants/?client_id=${encodeURIComponent(clientId)}`),
    changePassword: (body: { old_password: string; new_password: string; end_other_sessions: boolean }) => http.post<{ ended: number }>(`${user}/change-password/`, body),
    exportData: () => http.get<unknown>(`${user}/export/`),
    profile: () => http.get<UserProfile>(`${user}/MyProfile`),
  };
}

export type SecurityApi = ReturnType<typeof securityApi>;
