/**
 * Where a fresh sign-in goes (docs/product.md §4). The return path — from the flow's context, the query or
 * session storage — is used when the account is active and has a phone (or has_phone is absent),
 * after docs/product.md §5's check: the hand-off to an own-domain address carries the refresh token, the SSO
 * id and the device id. They travel in the URL fragment, which browsers send to no server and put
 * in no Referer. Otherwise:
 * Home, with the query plus user_uuid (and confirmType when the account has no phone yet).
 * With a client_id in the query no return path is followed (docs/product.md §4): the person came from an
 * app's authorization request, and goes back to its consent step with the same query.
 */
import { validateReturnPath } from '../../lib/format/return-path';

export interface AfterLoginFacts {
  userUuid: string | undefined;
  hasPhone: boolean | undefined;
  deactivated: boolean;
  returnPath: string | null;
  search: URLSearchParams;
  ownDomain: string;
  /** Ports other than 443 the own domain's return paths may name (VITE_RETURN_PATH_PORTS). */
  returnPathPorts: readonly number[];
  /**
   * Whether a loopback return path may receive the hand-off: only where this site itself runs on a
   * loopback host, outside production (return-path.ts; docs/decisions.md, Hardening).
   */
  loopbackAllowed: boolean;
  refreshToken: string | null;
  deviceId: string | null;
}

export type AfterLogin =
  | { go: 'oauth'; path: string }
  | { go: 'return'; url: string }
  | { go: 'home'; path: string; refusedReturnPath: boolean };

export const RETURN_PATH_PARAM = 'returnPath';

/**
 * Whether the account has a phone, for the rules below: the token response's `has_phone` as sent —
 * absent counts as having one (docs/product.md §4) — or, for a switch to a saved account (no token response),
 * what its profile says.
 */
export function hasPhoneOf(
  response: { has_phone?: boolean } | null,
  profile: { phone: string | null },
): boolean | undefined {
  return response ? response.has_phone : profile.phone !== null;
}

export function decideAfterLogin(facts: AfterLoginFacts): AfterLogin {
  if (facts.search.has('client_id')) return { go: 'oauth', path: `/oauth?${facts.search.toString()}` };
  let refusedReturnPath = false;
  if (facts.returnPath && !facts.deactivated && facts.hasPhone !== false) {
    const target = validateReturnPath(facts.returnPath, facts.ownDomain, {
      loopback: facts.loopbackAllowed,
      ports: facts.returnPathPorts,
    });
    if (target) {
      const handOff = new URLSearchParams();
      if (facts.refreshToken) handOff.set('refresh', facts.refreshToken);
      if (facts.userUuid) handOff.set('sso_id', facts.userUuid);
      if (facts.deviceId) handOff.set('device_id', facts.deviceId);
      const url = new URL(target);
      url.hash = handOff.toString();
      return { go: 'return', url: url.href };
    }
    refusedReturnPath = true;
  }
  const query = new URLSearchParams(facts.search);
  query.delete(RETURN_PATH_PARAM);
  if (facts.userUuid) {
    query.set('user_uuid', facts.userUuid);
    if (facts.hasPhone === false) query.set('confirmType', 'phone');
  }
  const search = query.toString();
  return { go: 'home', path: search ? `/?${search}` : '/', refusedReturnPath };
}
