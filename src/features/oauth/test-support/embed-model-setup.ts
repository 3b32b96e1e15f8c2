/**
 * The widget frame's model (embed-model.ts) on a held server, as its tests set it up: a kept session
 * or none, the partner's origin confirmed (or not, or later), the frame's later code. Only tests import it.
 */
import type { DeviceProfile } from '../../../../server/src/contract/device-profiles.js';
import { withMethods, type Http, type Method } from '../../../lib/http';
import { createI18n } from '../../../lib/i18n';
import type { Services } from '../../../lib/services';
import { createSession } from '../../../lib/session';
import { userProfile } from '../../../lib/testing/user-profile';
import { createTokenStore } from '../../../lib/tokens';
import { readAuthorizationRequest } from '../authorization-request';
import { createEmbedModel, type FrameLater } from '../models/embed-model';

export const SSO = '/sso/api/v1';
export const PARTNER = 'https://shop.example';
export const AZIZ = userProfile('u-1', { first: 'Aziz', last: 'Karimov' });
export const PROFILE: DeviceProfile = {
  uuid: 'u-1',
  first_name: 'Aziz',
  last_name: 'Karimov',
  photo: null,
} as unknown as DeviceProfile;

/** A promise the test settles by hand. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/**
 * A server whose answers the test holds: each call waits on the promise `hold` gives its `METHOD url`
 * (an answer at once by default). MyProfile answers Aziz; the authorization, the code `c1`.
 */
function heldServer() {
  const calls: string[] = [];
  const held = new Map<string, Promise<void>>();
  const answers: Record<string, unknown> = {
    [`get ${SSO}/user/MyProfile`]: AZIZ,
    [`get ${SSO}/user/deviceprofile/DeviceProfileList`]: [],
    [`post ${SSO}/oauth/authorize/`]: { response: { code: 'c1', state: 's1', iss: 'http://localhost' } },
    [`get ${SSO}/fedcm/frame/accounts/`]: { accounts: [PROFILE] },
  };
  const request = async <T>(method: Method, url: string): Promise<T> => {
    calls.push(`${method} ${url}`);
    await held.get(`${method} ${url}`);
    if (!(`${method} ${url}` in answers)) throw new Error(`unexpected ${method} ${url}`);
    return answers[`${method} ${url}`] as T;
  };
  const http: Http = withMethods(request, () => Promise.reject(new Error('no refresh here')));
  return { http, calls, hold: (key: string, until: Promise<void>) => held.set(key, until) };
}

export async function setup({
  signedIn = true,
  origin = PARTNER as string | null | Promise<string | null>,
  later,
  search = '',
}: {
  signedIn?: boolean;
  origin?: string | null | Promise<string | null>;
  later?: () => Promise<FrameLater>;
  search?: string;
} = {}) {
  const server = heldServer();
  const tokens = createTokenStore();
  if (signedIn) tokens.store({ access: 'a1', refresh: 'r1' });
  const session = createSession({ http: server.http, ssoApi: SSO, tokens, now: () => 100_000 });
  // The route's guard has verified the kept session before the screen shows (navigation.ts step 3).
  if (signedIn) await session.verify();
  const posted: unknown[] = [];
  const services = {
    http: server.http,
    config: { ssoApi: SSO },
    i18n: await createI18n(() => Promise.resolve({})),
    session,
    frame: {
      origin: Promise.resolve(origin),
      post: (message: unknown) => void posted.push(message),
      urlChanged: () => undefined,
    },
  } as unknown as Services;
  const loadFailures: number[] = [];
  const model = createEmbedModel({
    services,
    request: readAuthorizationRequest(
      `?client_id=shop&redirect_uri=${encodeURIComponent(PARTNER)}&response_type=code&scope=openid&state=s1${search}`,
    ),
    inPopup: false,
    fedcm: false,
    later: later ?? (() => import('../frame-later')),
    onLoadFailed: () => void loadFailures.push(1),
  });
  return { model, server, session, posted, loadFailures, stop: model.arrive() };
}

export const AUTHORIZED = { source: 'kirish', v: 1, type: 'authorization', code: 'c1', state: 's1' };
export const stageOf = (model: { stage: { value: { name: string } } }) => model.stage.value.name;
export const posts = (posted: unknown[]) => posted.map((message) => (message as { type: string }).type);
