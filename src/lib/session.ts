/**
 * The signed-in state of this device (docs/product.md §3, §4): the active account, its profile, and the other
 * accounts that signed in here (device profiles), each with its own stored session.
 */
import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import type { DeviceProfile } from '../../server/src/contract/device-profiles.js';
import type { Profile } from '../../server/src/contract/profile.js';
import type { AccountTokenPair, TokenResponse } from '../../server/src/contract/tokens.js';
import { removeItem } from './browser-storage';
import type { Http, HttpError } from './http';
import { PENDING_USER_KEY } from './storage-keys';
import { createTokenStore, type TokenPair, type TokenStore } from './tokens';

// The API's shapes are the server's contract, taken as types only (docs/decisions.md, "One contract").
export type { DeviceProfile, TokenResponse };
/** GET /user/MyProfile: the signed-in account. */
export type UserProfile = Profile;

/** An account whose session ended without this tab asking: what Login may say and fill in. */
export interface EndedAccount {
  phone: string | null;
  email: string | null;
}

export interface Session {
  user: ReadonlySignal<UserProfile | null>;
  profiles: ReadonlySignal<DeviceProfile[]>;
  /** Device profiles that still have a stored session on this device (docs/product.md §4). */
  activeProfiles: ReadonlySignal<DeviceProfile[]>;
  /** The account signed out last, until the next sign-in: Login names it (docs/product.md §3 login step logout). */
  signedOut: ReadonlySignal<UserProfile | null>;
  /**
   * The account whose session ended without this page asking (another device ended it, or it
   * expired), until the next sign-in: Login says so and keeps its contact.
   */
  ended: ReadonlySignal<EndedAccount | null>;
  hasToken(): boolean;
  /** The active refresh token, handed to a site a sign-in returns to (docs/product.md §4). */
  refreshToken(): string | null;
  /** Drops the stored session of one account of this device (session_{uuid}). */
  forgetSaved(uuid: string): void;
  /** The stored refresh token of one account of this device (session_{uuid}), if any. */
  saved(uuid: string): string | null;
  /**
   * Stores the tokens of a sign-in (this tab's, and the device's active ones); the refresh token is kept
   * only with `save` (docs/product.md §4). `afresh`: the screen is mounted anew for the account (a switch).
   */
  signIn(response: AccountTokenPair, save: boolean, afresh?: boolean): Promise<UserProfile>;
  /** Fetches the profile of the stored token (the guard's step 3); null when it is not valid. */
  verify(): Promise<UserProfile | null>;
  /**
   * docs/product.md §2 step 6: a token from the address becomes the access token, and the loaded user is
   * dropped so that the guard verifies the token against MyProfile — it may be another account's.
   */
  adoptToken(access: string): void;
  loadProfiles(): Promise<void>;
  loadProfilesFromStoredSession(): Promise<void>;
  /**
   * A cheap authenticated call (MyProfile) when the page comes back into view — the first time,
   * then at most once per CHECK_INTERVAL_MS: a session ended elsewhere is noticed then rather than
   * at the next action. `now`: at once, whenever the last check was (another tab signed this one's account out).
   */
  check(now?: boolean): Promise<void>;
  /** The client could not refresh (the session ended): forget it here, and remember whose it was. */
  lost(): void;
  signOut(): Promise<void>;
  /** Called by the HTTP client after a refresh, and when refreshing became impossible. */
  storeRefreshed(pair: TokenPair): void;
  forget(): void;
  /** Takes the profile a change answered with as the signed-in user's. */
  replaceUser(profile: UserProfile): void;
  /**
   * Counts the times the account this tab shows changed under its screen (a switch from the account
   * menu): the navigation shows its address again at each, with the screen mounted afresh.
   */
  followed: ReadonlySignal<number>;
}

/** How often at most a page coming back into view asks whether its session still holds. */
export const CHECK_INTERVAL_MS = 30_000;

/**
 * The session model of one page (or one test): its state lives in the signals below and its tokens in
 * the store it is given — main.tsx and prerender.tsx pass theirs; without one it makes its own.
 */
export function createSession(deps: { http: Http; ssoApi: string; tokens?: TokenStore; now?: () => number }): Session {
  const { http, ssoApi } = deps;
  const now = deps.now ?? Date.now;
  let checkedAt = 0;
  const tokens = deps.tokens ?? createTokenStore();
  const user = signal<UserProfile | null>(null);
  const signedOut = signal<UserProfile | null>(null);
  const ended = signal<EndedAccount | null>(null);
  const profiles = signal<DeviceProfile[]>([]);
  const followed = signal(0);
  // Bumped when the stored sessions change, so activeProfiles recomputes.
  const stored = signal(0);
  const activeProfiles = computed(() => {
    void stored.value;
    return profiles.value.filter((profile) => tokens.profile(profile.uuid) !== null);
  });
  /** The access token adoptToken() stored, until verify() has checked it. */
  let adopted: string | null = null;

  /** `account`: the account the call names (docs/api.md, Account-Id); by default the one this tab shows. */
  async function loadUser(account?: string | null): Promise<UserProfile> {
    const profile = await http.get<UserProfile>(`${ssoApi}/user/MyProfile`, account === undefined ? {} : { account });
    user.value = profile;
    signedOut.value = null;
    ended.value = null;
    tokens.own(profile.id);
    return profile;
  }

  /**
   * Signed out, the chooser still lists this device's accounts: one stored session is refreshed
   * (its rotated token stored back) just to read the list; it does not become active.
   */
  async function loadProfilesFromStoredSession(): Promise<void> {
    for (const uuid of tokens.profileUuids()) {
      const refresh = tokens.profile(uuid);
      if (!refresh) continue;
      try {
        const pair = await http.refreshWith(refresh);
        tokens.storeProfile(uuid, pair.refresh);
        profiles.value = await http.get<DeviceProfile[]>(`${ssoApi}/user/deviceprofile/DeviceProfileList`, {
          headers: { Authorization: `Bearer ${pair.access}` },
          account: null,
        });
        stored.value += 1;
        return;
      } catch {
        tokens.removeProfile(uuid);
        stored.value += 1;
      }
    }
  }

  async function loadProfiles(): Promise<void> {
    try {
      profiles.value = await http.get<DeviceProfile[]>(`${ssoApi}/user/deviceprofile/DeviceProfileList`);
    } catch {
      // the chooser is a convenience: without it the user still signs in
    }
  }

  function forget(): void {
    // The device's active tokens (and the cookie naming them) go only when they are this tab's.
    tokens.clear();
    removeItem('local', PENDING_USER_KEY);
    user.value = null;
    stored.value += 1;
  }

  return {
    user,
    profiles,
    activeProfiles,
    signedOut,
    ended,
    hasToken: () => !!(tokens.access() ?? tokens.refresh()),
    refreshToken: () => tokens.refresh(),
    forgetSaved(uuid) {
      tokens.removeProfile(uuid);
      stored.value += 1;
    },
    saved: (uuid) => tokens.profile(uuid),
    loadProfiles,
    loadProfilesFromStoredSession,
    forget,

    async check(atOnce = false) {
      if (!user.peek() || (!atOnce && now() - checkedAt < CHECK_INTERVAL_MS)) return;
      checkedAt = now();
      try {
        await loadUser();
      } catch {
        // a refusal the client could not refresh has already called lost(); anything else waits for the next check
      }
    },

    lost() {
      const leaving = user.peek();
      // After a reload no account is loaded yet: the tab's token store still names the one it was on
      // (a sign-out forgets it, so this is never a sign-out the person asked for). Its contact is not
      // kept on the device (docs/product.md §3 lists every stored key), so Login says what happened
      // without filling it in (docs/decisions.md, "A session ended elsewhere").
      const uuid = leaving?.id ?? tokens.account();
      if (uuid) {
        tokens.removeProfile(uuid);
        profiles.value = profiles.value.filter((profile) => profile.uuid !== uuid);
        ended.value = { phone: leaving?.phone ?? null, email: leaving?.email ?? null };
      }
      forget();
    },

    async signIn(response, save, afresh = false) {
      tokens.store(response, save, response.user_uuid || null);
      if (save && response.user_uuid) tokens.storeProfile(response.user_uuid, response.refresh);
      stored.value += 1;
      // The account just signed in, not the one this tab showed before (a switch, another account).
      const profile = await loadUser(response.user_uuid || null);
      if (afresh) followed.value += 1;
      await loadProfiles();
      return profile;
    },

    async verify() {
      const access = tokens.access();
      // (Only a refresh token: a reloaded tab taking its account up again, tokens.ts; the call refreshes it.)
      if (!access && !tokens.refresh()) return null;
      try {
        // Whose token it is, is the question: no account is named.
        const profile = await loadUser(null);
        // An adopted token's account may have a saved session here: keep signing in with it.
        const kept = access && access === adopted ? tokens.profile(profile.id) : null;
        if (access && kept && tokens.access() === access) tokens.store({ access, refresh: kept }, true, profile.id);
        return profile;
      } catch {
        user.value = null;
        return null;
      } finally {
        if (access === adopted) adopted = null;
      }
    },

    adoptToken(access) {
      // The active refresh token is the previous sign-in's: kept, it would bring that account back
      // at the first refresh. Its saved session_{uuid}, if any, stays for the account chooser.
      tokens.store({ access, refresh: '' }, false, null);
      adopted = access;
      user.value = null;
    },

    async signOut() {
      const leaving = user.value;
      try {
        await http.delete(`${ssoApi}/user/LogoutUser/`);
      } catch (error) {
        // This tab's token is another account's (docs/decisions.md, One tab, one account): that one is not
        // who asked to leave, so nothing is forgotten; the page starts again (main.tsx).
        if ((error as HttpError | null)?.accountChanged) return;
        // the tokens go anyway; an unreachable server must not keep anyone signed in here
      }
      if (leaving) tokens.removeProfile(leaving.id);
      forget();
      signedOut.value = leaving;
    },

    replaceUser(profile) {
      user.value = profile;
    },

    followed,
    storeRefreshed(pair) {
      tokens.refreshed(pair);
    },
  };
}
