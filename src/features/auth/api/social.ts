/** The social sign-in calls (docs/api.md, Social sign-in; server/src/contract/social.ts). */
import type {
  IntegrationCodeRequest,
  IntegrationRequest,
  OfferedProviders,
  SocialLoginResponse,
  SocialProvider,
  SocialStartRequest,
  SocialStartResponse,
} from '../../../../server/src/contract/social.js';
import { SOCIAL_PATH_NAMES } from '../../../../server/src/contract/social.js';
import type { CodeSent } from '../../../../server/src/contract/verification.js';
import type { TokenResponse } from '../../../lib/session';
import type { CallbackCall } from '../social-callback';
import type { AuthApi } from './types';

export type { SocialLoginResponse, SocialProvider };

const social = (api: Pick<AuthApi, 'ssoApi'>) => `${api.ssoApi}/SocialAuth`;

let offered: Promise<SocialProvider[]> | null = null;

/**
 * GET /SocialAuth/providers/, once for the page's life: Login and Register share the answer. A failed
 * call offers nothing (the row stays hidden) and is asked again on the next visit.
 */
export function offeredProviders(api: Pick<AuthApi, 'http' | 'ssoApi'>): Promise<SocialProvider[]> {
  offered ??= api.http.get<OfferedProviders>(`${social(api)}/providers/`).then(
    (answer) => answer.providers,
    () => {
      offered = null;
      return [];
    },
  );
  return offered;
}

/** For tests: forget the page's answer. */
export function forgetOfferedProviders(): void {
  offered = null;
}

/**
 * The query of `/oauth/{provider}` that starts the flow there, in the window a partner's frame opened
 * (social-popup.ts), instead of reading a provider's answer.
 */
export const POPUP_START = 'start=popup';

/** POST /SocialAuth/{Path}/Login/: the provider's authorization address to go to. */
export function startSocial(api: AuthApi, provider: SocialProvider, request: SocialStartRequest = {}): Promise<string> {
  return api.http
    .post<SocialStartResponse>(`${social(api)}/${SOCIAL_PATH_NAMES[provider]}/Login/`, request, {
      headers: api.signInHeaders(),
    })
    .then((answer) => answer.url);
}

/** The call readCallback() chose: the provider's answer carried on to the server. */
export function finishSocial(
  api: AuthApi,
  call: Extract<CallbackCall, { kind: 'call' }>,
): Promise<SocialLoginResponse> {
  const url = `${social(api)}/${call.path}`;
  const options = { headers: api.signInHeaders() };
  return call.method === 'get'
    ? api.http.get<SocialLoginResponse>(url, options)
    : api.http.post<SocialLoginResponse>(url, call.body, options);
}

/** POST /SocialAuth/Integration/code/: a `social_login` code to the existing account's contact. */
export function integrationCode(api: AuthApi, request: IntegrationCodeRequest): Promise<CodeSent> {
  return api.http.post<CodeSent>(`${social(api)}/Integration/code/`, request, { headers: api.signInHeaders() });
}

/** POST /SocialAuth/Integration/: the existing account proven; the identity is linked and the account signed in. */
export function integrate(api: AuthApi, request: IntegrationRequest): Promise<TokenResponse> {
  return api.http.post<TokenResponse>(`${social(api)}/Integration/`, request, { headers: api.signInHeaders() });
}
