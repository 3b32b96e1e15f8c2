/**
 * What the full-page flows do after a sign-in: keep the tokens, then follow docs/product.md §4's redirect rules
 * (after-login.ts). A refused return path is said in a toast. Loaded when a sign-in succeeds (and
 * fetched while the form is shown), not with the login page: its budget (test/budget.test.ts).
 */
import { readItem, removeItem } from '../../lib/browser-storage';
import { isLoopbackHost } from '../../lib/format/return-path';
import { deviceId } from '../../lib/device-id';
import type { Services } from '../../lib/services';
import type { TokenResponse } from '../../lib/session';
import { ACCESS_TOKEN_KEY, PENDING_USER_KEY, RETURN_PATH_KEY } from '../../lib/storage-keys';
import { decideAfterLogin, hasPhoneOf, RETURN_PATH_PARAM } from './after-login';
import { takeAppRequest } from './app-request';
import { handBack, openingFrame } from './social-handback';

/**
 * `search`: the query the rules read, by default the address's (the phone confirmation passes its own, cleaned).
 * A phone app's request that /login/mobile-* kept in this tab stands in for an address without a client_id:
 * back from the provider's pages, the sign-in goes on to that app's consent step. It is used once.
 */
export async function finishSignIn(
  services: Services,
  response: TokenResponse | null,
  save: boolean,
  addressSearch = new URLSearchParams(location.search),
): Promise<void> {
  const { session, config, navigate, toasts, i18n } = services;
  const user = response ? await session.signIn(response, save) : session.user.peek();
  if (!user) return;
  const hasPhone = hasPhoneOf(response, user);
  // A provider-made account confirms its phone before any app is given it (docs/product.md §4; POST
  // /oauth/authorize/ refuses it meanwhile): the phone app's request waits in this tab for the sign-in the
  // confirmation finishes (confirm-phone-screen.tsx), and is taken then.
  const confirmingFirst = hasPhone === false && readItem('local', PENDING_USER_KEY) !== null;
  const appRequest = confirmingFirst ? null : takeAppRequest();
  const search = appRequest !== null && !addressSearch.has('client_id') ? appRequest : addressSearch;
  // W3C FedCM §3.2 (login_url): the browser opened this page in its own popup for a partner's
  // sign-in; once signed in, the popup closes and the browser goes on. Elsewhere it does nothing. A new
  // provider-made account confirms its phone first: FedCM lists it only then (docs/fedcm.md).
  if (!confirmingFirst) (window as { IdentityProvider?: { close(): void } }).IdentityProvider?.close();
  // The provider's window of a partner's frame (social-handback.ts): once the account has its phone, the
  // session goes to the frame, which continues there (consent, the code to the partner).
  const frame = openingFrame();
  if (frame && hasPhone !== false) {
    const access = response?.access ?? readItem('local', ACCESS_TOKEN_KEY);
    const refresh = response?.refresh ?? session.refreshToken();
    if (access && refresh) {
      handBack(frame, { access, refresh, user_uuid: user.id });
      // The session now belongs to the frame: this window keeps no copy whose refresh would be a reuse
      // of the frame's token, which ends the session (RFC 9700 §4.14.2).
      session.forgetSaved(user.id);
      session.forget();
      window.close();
      return;
    }
  }
  const returnPath = search.get(RETURN_PATH_PARAM) ?? readItem('session', RETURN_PATH_KEY);
  const decision = decideAfterLogin({
    userUuid: response?.user_uuid ?? user.id,
    hasPhone,
    deactivated: user.is_inactivated,
    returnPath,
    search,
    ownDomain: config.ownDomain,
    returnPathPorts: config.returnPathPorts,
    // Outside production is where Kirish itself runs on the developer's machine: a production
    // build served from its real domain never hands a refresh token to a loopback address.
    loopbackAllowed: isLoopbackHost(location.hostname),
    refreshToken: session.refreshToken(),
    deviceId: deviceId(),
  });
  // A new account without a phone keeps its return path: Home's confirmation follows it (docs/product.md §4).
  if (hasPhone !== false) removeItem('session', RETURN_PATH_KEY);
  if (decision.go === 'oauth') return navigate(decision.path, { replace: true });
  if (decision.go === 'return') {
    // The session now belongs to the site it was handed to: this page keeps no copy to reuse.
    session.forgetSaved(user.id);
    session.forget();
    location.assign(decision.url);
    return;
  }
  if (decision.refusedReturnPath) toasts.show('error', i18n.t('invalid_return_path'));
  navigate(decision.path, { replace: true });
}
