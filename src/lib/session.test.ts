import { beforeEach, describe, expect, it } from 'vitest';
import { createSession } from './session';
import { switchAccount } from './switch-account';
import { SSO, fakeServer, signInResponse, allStoredValues, clearCookies } from './testing/session-server';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

describe('signing in (docs/product.md §4)', () => {
  it('with save, stores the active pair and the profile session, then loads the profile and device profiles', async () => {
    const { http, calls } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });

    const profile = await session.signIn(signInResponse, true);

    expect(localStorage.getItem('active_session')).toBe('access-u1');
    expect(localStorage.getItem('active_re_session')).toBe('refresh-u1');
    expect(localStorage.getItem('session_u1')).toBe('refresh-u1');
    expect(profile.id).toBe('u1');
    expect(session.user.value?.id).toBe('u1');
    expect(session.hasToken()).toBe(true);
    expect(session.profiles.value.map((p) => p.uuid)).toEqual(['u1', 'u2', 'u3']);
    expect(calls.map((c) => [c.method, c.url, c.access])).toEqual([
      ['get', `${SSO}/user/MyProfile`, 'access-u1'],
      ['get', `${SSO}/user/deviceprofile/DeviceProfileList`, 'access-u1'],
    ]);
  });

  it('without save, keeps no refresh token anywhere in the browser', async () => {
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });

    await session.signIn(signInResponse, false);

    expect(localStorage.getItem('active_session')).toBe('access-u1');
    expect(localStorage.getItem('active_re_session')).toBeNull();
    expect(localStorage.getItem('session_u1')).toBeNull();
    expect(allStoredValues()).not.toContain('refresh-u1');
  });

  it('without save, drops a refresh token left by an earlier saved sign-in', async () => {
    localStorage.setItem('active_re_session', 'refresh-old');
    const { http } = fakeServer();
    await createSession({ http, ssoApi: SSO }).signIn(signInResponse, false);
    expect(localStorage.getItem('active_re_session')).toBeNull();
  });
});

describe('active profiles (docs/product.md §4)', () => {
  it('lists only the device profiles with a stored session on this device', async () => {
    localStorage.setItem('session_u3', 'refresh-u3');
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });

    await session.signIn(signInResponse, true);

    expect(session.activeProfiles.value.map((p) => p.uuid)).toEqual(['u1', 'u3']);
  });
});

describe('switching to another account of this device', () => {
  it('refreshes with that profile’s token and makes the new pair active, storing the rotated token back', async () => {
    localStorage.setItem('session_u2', 'refresh-u2');
    const { http, calls } = fakeServer({
      liveRefresh: { 'refresh-u2': { access: 'access-u2-new', refresh: 'refresh-u2-rotated' } },
    });
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);

    const profile = await switchAccount(session, http, 'u2');

    expect(calls.filter((c) => c.method === 'refreshWith').map((c) => c.refresh)).toEqual(['refresh-u2']);
    expect(localStorage.getItem('active_session')).toBe('access-u2-new');
    expect(localStorage.getItem('active_re_session')).toBe('refresh-u2-rotated');
    expect(localStorage.getItem('session_u2')).toBe('refresh-u2-rotated');
    expect(localStorage.getItem('session_u1')).toBe('refresh-u1');
    expect(profile.id).toBe('u2');
    expect(session.user.value?.id).toBe('u2');
  });

  it('forgets a stored session the server no longer accepts, and rethrows', async () => {
    localStorage.setItem('session_u2', 'refresh-u2-dead');
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);
    expect(session.activeProfiles.value.map((p) => p.uuid)).toEqual(['u1', 'u2']);

    await expect(switchAccount(session, http, 'u2')).rejects.toMatchObject({ status: 401 });

    expect(localStorage.getItem('session_u2')).toBeNull();
    expect(session.activeProfiles.value.map((p) => p.uuid)).toEqual(['u1']);
    expect(localStorage.getItem('active_session')).toBe('access-u1');
    expect(session.user.value?.id).toBe('u1');
  });

  it('refuses an account with no stored session without calling the server', async () => {
    const { http, calls } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await expect(switchAccount(session, http, 'u3')).rejects.toThrow('no stored session');
    expect(calls).toEqual([]);
  });
});

describe('signing out (docs/product.md §4)', () => {
  it('removes that profile’s session, calls the logout endpoint signed in, then clears the tokens, pending id and user', async () => {
    localStorage.setItem('session_u2', 'refresh-u2');
    const { http, calls } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);
    localStorage.setItem('userUUID', 'pending-1');
    expect(session.activeProfiles.value.map((p) => p.uuid)).toEqual(['u1', 'u2']);

    await session.signOut();

    expect(calls.filter((c) => c.method === 'delete')).toEqual([
      { method: 'delete', url: `${SSO}/user/LogoutUser/`, access: 'access-u1' },
    ]);
    expect(localStorage.getItem('session_u1')).toBeNull();
    expect(localStorage.getItem('active_session')).toBeNull();
    expect(localStorage.getItem('active_re_session')).toBeNull();
    expect(localStorage.getItem('userUUID')).toBeNull();
    expect(session.user.value).toBeNull();
    expect(session.hasToken()).toBe(false);
    expect(session.activeProfiles.value.map((p) => p.uuid)).toEqual(['u2']);
    expect(localStorage.getItem('session_u2')).toBe('refresh-u2');
  });

  it('clears the local state even when the logout call fails', async () => {
    const { http } = fakeServer({ logoutFails: true });
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);

    await expect(session.signOut()).resolves.toBeUndefined();

    expect(localStorage.getItem('session_u1')).toBeNull();
    expect(localStorage.getItem('active_session')).toBeNull();
    expect(localStorage.getItem('active_re_session')).toBeNull();
    expect(session.user.value).toBeNull();
    expect(session.activeProfiles.value).toEqual([]);
  });

  it('remembers which account signed out, for Login to name, until the next sign-in', async () => {
    localStorage.setItem('session_u2', 'refresh-u2');
    const { http } = fakeServer({ liveRefresh: { 'refresh-u2': { access: 'access-u2', refresh: 'refresh-u2-next' } } });
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);
    expect(session.signedOut.value).toBeNull();

    await session.signOut();
    expect(session.signedOut.value).toMatchObject({
      id: 'u1',
      profile: { first_name: 'First u1', last_name: 'Last u1' },
    });

    await switchAccount(session, http, 'u2');
    expect(session.signedOut.value).toBeNull();
  });

  it('names nobody when the session ended without the person asking (a refused refresh)', async () => {
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);
    session.forget();
    expect(session.signedOut.value).toBeNull();
  });
});

describe('storing a refreshed pair', () => {
  it('updates the active pair and the session of a saved profile', async () => {
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);

    session.storeRefreshed({ access: 'access-u1-next', refresh: 'refresh-u1-next' });

    expect(localStorage.getItem('active_session')).toBe('access-u1-next');
    expect(localStorage.getItem('active_re_session')).toBe('refresh-u1-next');
    expect(localStorage.getItem('session_u1')).toBe('refresh-u1-next');
  });

  it('updates the saved profile before any user is loaded, as on the first refresh of a page load', () => {
    localStorage.setItem('active_session', 'access-expired');
    localStorage.setItem('active_re_session', 'refresh-u1');
    localStorage.setItem('session_u1', 'refresh-u1');
    localStorage.setItem('session_u2', 'refresh-u2');
    // The cookie names the device's active account (docs/product.md §3 sso-user-id): the tab opens on it.
    document.cookie = 'sso-user-id=u1; path=/';
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });

    session.storeRefreshed({ access: 'access-u1-next', refresh: 'refresh-u1-next' });

    expect(localStorage.getItem('active_re_session')).toBe('refresh-u1-next');
    // Left at the used token, the next switch to u1 would be a reuse and end its session.
    expect(localStorage.getItem('session_u1')).toBe('refresh-u1-next');
    expect(localStorage.getItem('session_u2')).toBe('refresh-u2');
  });

  it('does not create a session for a profile that was not saved', async () => {
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, false);

    session.storeRefreshed({ access: 'access-u1-next', refresh: 'refresh-u1-next' });

    expect(localStorage.getItem('active_session')).toBe('access-u1-next');
    expect(localStorage.getItem('session_u1')).toBeNull();
    expect(session.activeProfiles.value).toEqual([]);
  });
});

describe('verifying the stored token (docs/product.md §2 guard step 3)', () => {
  it('loads the profile of a valid stored token', async () => {
    localStorage.setItem('active_session', 'access-u2');
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await expect(session.verify()).resolves.toMatchObject({ id: 'u2' });
    expect(session.user.value?.id).toBe('u2');
  });

  it('gives null and no user for a token the server refuses, and for no token without calling it', async () => {
    localStorage.setItem('active_session', 'access-unknown');
    const { http, calls } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await expect(session.verify()).resolves.toBeNull();
    expect(session.user.value).toBeNull();

    localStorage.clear();
    calls.length = 0;
    // A tab opened with no stored token (the tab above keeps its refused one in memory until forgotten).
    await expect(createSession({ http, ssoApi: SSO }).verify()).resolves.toBeNull();
    expect(calls).toEqual([]);
  });
});

describe('a token in the address (docs/product.md §2 step 6)', () => {
  it('is verified against MyProfile even with another account loaded, and replaces it', async () => {
    const { http, calls } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);

    session.adoptToken('access-u2');
    // No user loaded: the guard's next pass verifies the token (step 3).
    expect(session.user.value).toBeNull();
    await expect(session.verify()).resolves.toMatchObject({ id: 'u2' });

    expect(calls.at(-1)).toEqual({ method: 'get', url: `${SSO}/user/MyProfile`, access: 'access-u2' });
    expect(session.user.value?.id).toBe('u2');
    // u1's refresh token would bring u1 back at the first refresh; its saved session stays for the chooser.
    expect(localStorage.getItem('active_re_session')).toBeNull();
    expect(localStorage.getItem('session_u1')).toBe('refresh-u1');
  });

  it('keeps signing in with the session this device saved for the token’s account', async () => {
    localStorage.setItem('session_u2', 'refresh-u2');
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);

    session.adoptToken('access-u2');
    await session.verify();

    expect(localStorage.getItem('active_session')).toBe('access-u2');
    expect(localStorage.getItem('active_re_session')).toBe('refresh-u2');
  });

  it('leaves nobody signed in when the server refuses the token', async () => {
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);

    session.adoptToken('access-unknown');
    await expect(session.verify()).resolves.toBeNull();

    expect(session.user.value).toBeNull();
    expect(localStorage.getItem('active_re_session')).toBeNull();
  });
});

describe('the chooser while signed out', () => {
  it('reads the device profiles through a stored session, keeps its rotated token, and does not make it active', async () => {
    localStorage.setItem('session_u2', 'refresh-u2');
    const { http, calls } = fakeServer({
      liveRefresh: { 'refresh-u2': { access: 'access-u2-new', refresh: 'refresh-u2-rotated' } },
    });
    const session = createSession({ http, ssoApi: SSO });

    await session.loadProfilesFromStoredSession();

    expect(calls.find((c) => c.url.endsWith('/DeviceProfileList'))?.authorization).toBe('Bearer access-u2-new');
    expect(session.profiles.value.map((p) => p.uuid)).toEqual(['u1', 'u2', 'u3']);
    expect(session.activeProfiles.value.map((p) => p.uuid)).toEqual(['u2']);
    expect(localStorage.getItem('session_u2')).toBe('refresh-u2-rotated');
    expect(localStorage.getItem('active_session')).toBeNull();
    expect(session.user.value).toBeNull();
  });
});
