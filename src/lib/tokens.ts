/**
 * The tokens of this tab and of the device (docs/product.md §3: active_session, active_re_session, session_{uuid}).
 * A store is made by createTokenStore() — by main.tsx for the page, by each test for itself — and handed to
 * the session and the HTTP client; nothing reads the tokens through a module-level object.
 *
 * The account a tab shows belongs to that tab (issue 35): its pair lives in memory here. While the tab
 * shows the device's active account (the `sso-user-id` cookie names it) it reads the stored pair
 * through, so that tabs of one account share its refreshes; once another tab makes another account the
 * active one, this tab keeps its own pair, and switching there changes nothing here. Refreshing always
 * takes the newest stored token of the tab's account (session_{uuid}): every tab stores back what it
 * rotated, and a rotated token presented again ends the session (RFC 9700 §4.14.2).
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
  /** This tab takes up a saved account's pair, leaving the device's active account as it is. */
  hold(pair: TokenPair, account: string): void;
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

export function createTokenStore(): TokenStore {
  // A new tab opens on the device's active account.
  let account = active();
  let access = readItem('local', ACCESS_TOKEN_KEY);
  let refresh = readItem('local', REFRESH_TOKEN_KEY);
  const attached = () => active() === account;
  /** While the tab shows the active account, the stored pair is its own (another tab may have refreshed it). */
  function sync(): void {
    if (!attached()) return;
    access = readItem('local', ACCESS_TOKEN_KEY);
    refresh = readItem('local', REFRESH_TOKEN_KEY);
  }
  function keep(pair: TokenPair, keepRefresh: boolean, device: boolean): void {
    access = pair.access;
    refresh = keepRefresh ? pair.refresh : null;
    if (!device) return;
    writeItem('local', ACCESS_TOKEN_KEY, pair.access);
    if (refresh) writeItem('local', REFRESH_TOKEN_KEY, refresh);
    else removeItem('local', REFRESH_TOKEN_KEY);
  }
  function latest(): string | null {
    sync();
    return (account && profile(account)) || refresh;
  }

  return {
    access() {
      sync();
      return access;
    },
    refresh: latest,
    account: () => account,
    store(pair, keepRefresh = true, uuid = null) {
      account = uuid;
      if (uuid) setCookie(SSO_USER_COOKIE, uuid, COOKIE_DAYS);
      else removeCookie(SSO_USER_COOKIE);
      keep(pair, keepRefresh, true);
    },
    hold(pair, uuid) {
      account = uuid;
      storeProfile(uuid, pair.refresh);
      keep(pair, true, attached());
    },
    refreshed(pair) {
      const previous = latest();
      // Before a page load's user is known, the saved session is found by its token. Leaving the used token in
      // session_{uuid} would make the next use of it a reuse, which ends the session (RFC 9700 §4.14.2).
      const saved = account ?? profileUuids().find((uuid) => previous !== null && profile(uuid) === previous);
      if (saved && profile(saved) !== null) storeProfile(saved, pair.refresh);
      keep(pair, true, attached());
    },
    own(uuid) {
      if (attached()) setCookie(SSO_USER_COOKIE, uuid, COOKIE_DAYS);
      account = uuid;
    },
    clear() {
      if (attached()) {
        removeItem('local', ACCESS_TOKEN_KEY);
        removeItem('local', REFRESH_TOKEN_KEY);
        removeCookie(SSO_USER_COOKIE);
      }
      access = refresh = account = null;
    },
    profile,
    storeProfile,
    removeProfile: (uuid) => removeItem('local', profileSessionKey(uuid)),
    profileUuids,
  };
}
