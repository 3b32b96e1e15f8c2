/** A fake SSO for the session's tests: answers sign-in, profile, device list, refresh and logout calls. */
import type { Http, Method, RequestOptions } from '../http';
import type { DeviceProfile, UserProfile } from '../session';
import type { TokenPair } from '../tokens';
import { userProfile } from './user-profile';

export const SSO = '/sso/api/v1';

export interface Call {
  method: Method | 'refreshWith';
  url: string;
  /** The access token stored when the call went out, i.e. the bearer it carried. */
  access: string | null;
  refresh?: string;
  /** An Authorization header given for this one call. */
  authorization?: string;
}

export function user(id: string): UserProfile {
  return userProfile(id, { first: `First ${id}`, last: `Last ${id}` });
}

export function deviceProfile(uuid: string): DeviceProfile {
  return {
    uuid,
    first_name: uuid,
    last_name: '',
    phone: null,
    email: null,
    is_current: false,
    has_active_session: true,
    last_seen_at: '2026-11-20T09:00:00.000Z',
  };
}

/**
 * A server in a few lines: the profile is the one whose access token is the bearer, refresh tokens
 * rotate, and a refresh token that is not live is refused.
 */
export function fakeServer(behaviour: { liveRefresh?: Record<string, TokenPair>; logoutFails?: boolean } = {}) {
  const calls: Call[] = [];
  const ownerOfAccess: Record<string, string> = { 'access-u1': 'u1', 'access-u2': 'u2', 'access-u2-new': 'u2' };
  const devices = [deviceProfile('u1'), deviceProfile('u2'), deviceProfile('u3')];
  const answer = <T>(method: Method, url: string, options?: RequestOptions): Promise<T> => {
    const authorization = options?.headers?.Authorization;
    calls.push({
      method,
      url,
      access: localStorage.getItem('active_session'),
      ...(authorization ? { authorization } : {}),
    });
    if (method === 'get' && url === `${SSO}/user/MyProfile`) {
      const owner = ownerOfAccess[localStorage.getItem('active_session') ?? ''];
      return owner
        ? Promise.resolve(user(owner) as T)
        : Promise.reject({ status: 401, data: { code: 'token_not_valid' } });
    }
    if (method === 'get' && url === `${SSO}/user/deviceprofile/DeviceProfileList`) return Promise.resolve(devices as T);
    if (method === 'delete' && url === `${SSO}/user/LogoutUser/`) {
      return behaviour.logoutFails ? Promise.reject({ status: 502, data: null }) : Promise.resolve(null as T);
    }
    return Promise.reject({ status: 404, data: null });
  };

  const http: Http = {
    request: (method, url, _body, options) => answer(method, url, options),
    get: (url, options) => answer('get', url, options),
    post: (url) => answer('post', url),
    put: (url) => answer('put', url),
    patch: (url) => answer('patch', url),
    delete: (url) => answer('delete', url),
    refreshWith(refresh) {
      calls.push({
        method: 'refreshWith',
        url: `${SSO}/TokenRefresh/`,
        access: localStorage.getItem('active_session'),
        refresh,
      });
      const live = behaviour.liveRefresh?.[refresh];
      return live ? Promise.resolve(live) : Promise.reject({ status: 401, data: { code: 'token_not_valid' } });
    },
  };
  return { http, calls };
}

export const signInResponse = {
  access: 'access-u1',
  refresh: 'refresh-u1',
  user_uuid: 'u1',
  has_phone: true,
  session: 's1',
};

export function allStoredValues(): string {
  const local = Object.keys(localStorage).map((key) => `${key}=${localStorage.getItem(key)}`);
  const session = Object.keys(sessionStorage).map((key) => `${key}=${sessionStorage.getItem(key)}`);
  return [...local, ...session, document.cookie].join('\n');
}

export function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
}
