/**
 * The access and refresh tokens of the active profile (SPEC §3: active_session, active_re_session)
 * and the per-profile refresh tokens (session_{uuid}) of the other accounts on this device.
 */
import type { TokenPair } from '../../server/src/contract/tokens.js';
import { keysOf, readItem, removeItem, writeItem } from './browser-storage';
import { ACCESS_TOKEN_KEY, PROFILE_SESSION_PREFIX, REFRESH_TOKEN_KEY, profileSessionKey } from './storage-keys';

export type { TokenPair };

export const tokens = {
  access: () => readItem('local', ACCESS_TOKEN_KEY),
  refresh: () => readItem('local', REFRESH_TOKEN_KEY),
  /** Stores a pair; with `keepRefresh` false only the access token is kept (SPEC §4: save unchecked). */
  store(pair: TokenPair, keepRefresh = true): void {
    writeItem('local', ACCESS_TOKEN_KEY, pair.access);
    if (keepRefresh) writeItem('local', REFRESH_TOKEN_KEY, pair.refresh);
    else removeItem('local', REFRESH_TOKEN_KEY);
  },
  clear(): void {
    removeItem('local', ACCESS_TOKEN_KEY);
    removeItem('local', REFRESH_TOKEN_KEY);
  },
  profile: (uuid: string) => readItem('local', profileSessionKey(uuid)),
  storeProfile: (uuid: string, refresh: string) => writeItem('local', profileSessionKey(uuid), refresh),
  removeProfile: (uuid: string) => removeItem('local', profileSessionKey(uuid)),
  /** The uuids of the profiles that have a stored session on this device. */
  profileUuids: () =>
    keysOf('local')
      .filter((key) => key.startsWith(PROFILE_SESSION_PREFIX))
      .map((key) => key.slice(PROFILE_SESSION_PREFIX.length)),
};
