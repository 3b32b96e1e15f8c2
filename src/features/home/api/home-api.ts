import type { Grant } from '../../../../server/src/contract/grants.js';
import type { ActiveSession } from '../../../../server/src/contract/sessions.js';
import type { TwoStepStatus } from '../../../../server/src/contract/two-step.js';
import type { Http } from '../../../lib/http';

export type { ActiveSession, Grant };

/** What Home reads besides the profile: the existing lists of docs/api.md (Security, OAuth), counted here. */
export function homeApi(http: Http, ssoApi: string) {
  const user = `${ssoApi}/user`;
  return {
    /** GET /user/sessions/: the live sign-ins to Kirish, the caller's first. */
    sessions: () => http.get<ActiveSession[]>(`${user}/sessions/`),
    /** GET /user/grants/: the apps the person let in. */
    grants: () => http.get<Grant[]>(`${user}/grants/`),
    /** GET /user/two-step/: whether two-step verification is on, for the checkup. */
    twoStep: () => http.get<TwoStepStatus>(`${user}/two-step/`),
  };
}

export type HomeApi = ReturnType<typeof homeApi>;
