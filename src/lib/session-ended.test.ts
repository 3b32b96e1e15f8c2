/** The session model when its session ended without this page asking (issue 12): in the page, and after a reload. */
import { beforeEach, describe, expect, it } from 'vitest';
import { CHECK_INTERVAL_MS, createSession } from './session';
import { SSO, fakeServer, signInResponse, clearCookies } from './testing/session-server';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearCookies();
});

describe('a session ended elsewhere (issue 12)', () => {
  it('is forgotten here when the client cannot refresh it; Login gets its contact, the chooser loses it', async () => {
    localStorage.setItem('session_u2', 'refresh-u2');
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    await session.signIn(signInResponse, true);
    expect(session.activeProfiles.value.map((p) => p.uuid)).toEqual(['u1', 'u2']);

    session.lost();

    expect(session.ended.value).toEqual({ phone: '+998901234567', email: null });
    expect(session.user.value).toBeNull();
    expect(localStorage.getItem('session_u1')).toBeNull();
    expect(session.activeProfiles.value.map((p) => p.uuid)).toEqual(['u2']);
    // A sign-in clears it.
    await session.signIn(signInResponse, true);
    expect(session.ended.value).toBeNull();
  });

  it('after a reload, with no account loaded yet: the account the sso-user-id cookie names is the one that ended', async () => {
    document.cookie = 'sso-user-id=u1; path=/';
    localStorage.setItem('session_u1', 'refresh-u1');
    localStorage.setItem('session_u2', 'refresh-u2');
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });

    session.lost();

    // Said, but not filled in: the device keeps no contact (docs/product.md §3).
    expect(session.ended.value).toEqual({ phone: null, email: null });
    expect(localStorage.getItem('session_u1')).toBeNull();
    expect(localStorage.getItem('session_u2')).toBe('refresh-u2');
    expect(document.cookie).not.toContain('sso-user-id');
  });

  it('says nothing when no account was active here (no cookie): a sign-out already happened', () => {
    const { http } = fakeServer();
    const session = createSession({ http, ssoApi: SSO });
    session.lost();
    expect(session.ended.value).toBeNull();
  });

  it('checks the session when asked (the tab came back): the first time, then at most once per interval; only signed in', async () => {
    let now = 1_000_000;
    const { http, calls } = fakeServer();
    const session = createSession({ http, ssoApi: SSO, now: () => now });
    await session.check();
    expect(calls).toEqual([]);
    await session.signIn(signInResponse, true);
    calls.length = 0;
    const profileCalls = () => calls.filter((c) => c.url.endsWith('/MyProfile')).length;

    await session.check();
    expect(profileCalls()).toBe(1);
    now += CHECK_INTERVAL_MS - 1;
    await session.check();
    expect(profileCalls()).toBe(1);
    now += 1;
    await session.check();
    expect(profileCalls()).toBe(2);
  });
});
