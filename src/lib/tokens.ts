/**
 * The tokens of this tab and of the device (docs/product.md §3: active_session, active_re_session, session_{uuid}).
 * A store is made by createTokenStore() — by main.tsx for the page, by each test for itself — and handed to
 * the session and the HTTP client; nothing reads the tokens through a module-level object.
 *
 * The account a tab shows belongs to that tab (issue 35): its pair lives in memory here, taken from the
 * device's active one when the tab opens. While the tab shows the device's active account (the
 * `sso-user-id` cookie names it) what it gets is stored as the active pair too, so that a new tab opens on
 * it; once another tab makes another account the active one, this tab keeps its own pair, and switching
 * there changes nothing here. Refreshing takes the newest stored token of the tab's account
 * (session_{uuid}): every tab stores back what it rotated, and a rotated token presented again ends the
 * session (RFC 9700 §4.14.2).
 */
import type { TokenPair } from '../../server/src/contract/tokens.js';
import { keysOf, readItem, removeItem, writeItem } from './browser-storage';
import { getCookie, removeCookie, setCookie } from './cookies';
import {
  ACCESS_TOKEN_KEY,
  COOKIE_DAYS,
  PROFILE_SESSION_PREFIX,
  REFRESH_TOKEN_KEY,
  SSO_USER_COOKIE,
  profileSessionKey,
} from './storage-keys';

export type { TokenPair };

export interface TokenStore {
  /** This tab's access token. */
  access(): string | null;
  /** The newest stored refresh token of this tab's account. */
  refresh(): string | null;
  /** The account this tab's tokens are for, once known. */
  account(): string | null;
  /**
   * A sign-in in this tab: the pair becomes this tab's and the device's active one, so that a new tab
   * opens on it; with `keepRefresh` false only the access token is kept (docs/product.md §4: save unchecked).
   */
  store(pair: TokenPair, keepRefresh?: boolean, account?: string | null): void;
  /** A refreshed pair of this tab's account: kept here, in its session_{uuid}, and as the active pair when it is. */
  refreshed(pair: TokenPair): void;
  /** This tab's token turned out to be `uuid`'s. */
  own(uuid: string): void;
  /** This tab's tokens go, and the device's active ones with them when they are this tab's. */
  clear(): void;
  profile(uuid: string): string | null;
  storeProfile(uuid: string, refresh: string): void;
  removeProfile(uuid: string): void;
  /** The uuids of the profiles that have a stored session on this device. */
  profileUuids(): string[];
}

// (No document while prerendering: no account either.)
const active = () => (typeof document === 'undefined' ? null : getCookie(SSO_USER_COOKIE));
const profile = (uuid: string) => readItem('local', profileSessionKey(uuid));
const profileUuids = () =>
  keysOf('local')
    .filter((key) => key.startsWith(PROFILE_SESSION_PREFIX))
    .map((key) => key.slice(PROFILE_SESSION_PREFIX.length));
const storeProfile = (uuid: string, token: string) => writeItem('local', profileSessionKey(uuid), token);
const write = (key: string, value: string | null) =>
  value ? writeItem('local', key, value) : removeItem('local', key);
/** The cookie naming the device's active account (docs/product.md §3 sso-user-id). */
const name = (uuid: string | null) =>
  uuid ? setCookie(SSO_USER_COOKIE, uuid, COOKIE_DAYS) : removeCookie(SSO_USER_COOKIE);

/**
 * `resume`: the account this tab showed before it was reloaded (its history entry's state, main.tsx). The tab
 * takes it up again from its stored session, leaving the device's active account as it is: its first call
 * refreshes it. Without one, or when that account has no stored session any more, a tab opens on the device's
 * active account.
 */
export function createTokenStore(resume?: string | null): TokenStore {
  let account = active();
  let access = readItem('local', ACCESS_TOKEN_KEY);
  let refresh = readItem('local', REFRESH_TOKEN_KEY);
  if (resume && resume !== account && profile(resume)) {
    account = resume;
    access = refresh = null;
  }
  const attached = () => active() === account;
  /** Keeps a pair as this tab's and, with `device`, as the device's active one. */
  function keep(newAccess: string | null, newRefresh: string | null, device: boolean): void {
    access = newAccess;
    refresh = newRefresh;
    if (!device) return;
    write(ACCESS_TOKEN_KEY, newAccess);
    write(REFRESH_TOKEN_KEY, newRefresh);
  }
  /** The newest stored token of this tab's account: another tab may have rotated it. */
  const latest = () => (account && profile(account)) || refresh;

  return {
    access: () => access,
    refresh: latest,
    account: () => account,
    store(pair, keepRefresh = true, uuid = null) {
      name((account = uuid));
      keep(pair.access, keepRefresh ? pair.refresh : null, true);
    },
    refreshed(pair) {
      // Left at the used token, session_{uuid} would make the next use of it a reuse, which ends the
      // session (RFC 9700 §4.14.2).
      if (account && profile(account)) storeProfile(account, pair.refresh);
      keep(pair.access, pair.refresh, attached());
    },
    own(uuid) {
      if (attached()) name(uuid);
      account = uuid;
    },
    clear() {
      const device = attached();
      keep(null, null, device);
      if (device) name(null);
      account = null;
    },
    profile,
    storeProfile,
    removeProfile: (uuid) => removeItem('local', profileSessionKey(uuid)),
    profileUuids,
  };
}
