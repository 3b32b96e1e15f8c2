/**
 * The access and refresh tokens of the active profile (docs/product.md §3: active_session, active_re_session)
 * and the per-profile refresh tokens (session_{uuid}) of the other accounts on this device. A store is
 * made by createTokenStore() — by main.tsx for the page, by each test for itself — and handed to the
 * session and the HTTP client; nothing reads the tokens through a module-level object.
 */
import type { TokenPair } from '../../server/src/contract/tokens.js';
import { keysOf, readItem, removeItem, writeItem } from './browser-storage';
import { ACCESS_TOKEN_KEY, PROFILE_SESSION_PREFIX, REFRESH_TOKEN_KEY, profileSessionKey } from './storage-keys';

export type { TokenPair };

export interface TokenStore {
  access(): string | null;
  refresh(): string | null;
  /** Stores a pair; with `keepRefresh` false only the access token is kept (docs/product.md §4: save unchecked). */
  store(pair: TokenPair, keepRefresh?: boolean): void;
  clear(): void;
  profile(uuid: string): string | null;
  storeProfile(uuid: string, refresh: string): void;
  removeProfile(uuid: string): void;
  /** The uuids of the profiles that have a stored session on this device. */
  profileUuids(): string[];
}

/** The device's tokens, kept in localStorage under docs/product.md §3's keys. */
export function createTokenStore(): TokenStore {
  return {
    access: () => readItem('local', ACCESS_TOKEN_KEY),
    refresh: () => readItem('local', REFRESH_TOKEN_KEY),
    store(pair, keepRefresh = true) {
      writeItem('local', ACCESS_TOKEN_KEY, pair.access);
      if (keepRefresh) writeItem('local', REFRESH_TOKEN_KEY, pair.refresh);
      else removeItem('local', REFRESH_TOKEN_KEY);
    },
    clear() {
      removeItem('local', ACCESS_TOKEN_KEY);
      removeItem('local', REFRESH_TOKEN_KEY);
    },
    profile: (uuid) => readItem('local', profileSessionKey(uuid)),
    storeProfile: (uuid, refresh) => writeItem('local', profileSessionKey(uuid), refresh),
    removeProfile: (uuid) => removeItem('local', profileSessionKey(uuid)),
    profileUuids: () =>
      keysOf('local')
        .filter((key) => key.startsWith(PROFILE_SESSION_PREFIX))
        .map((key) => key.slice(PROFILE_SESSION_PREFIX.length)),
  };
}
