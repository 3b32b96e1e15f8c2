/**
 * Each tab its account (issue 35): two tabs of one browser, each the client, token store and session of
 * main.tsx over a server that rotates refresh tokens and ends a session on reuse. A sign-in or a switch in
 * one tab never changes what another shows or writes to; a tab refreshes with the newest stored token of
 * its account; a reloaded tab takes its account up again; a tab whose account was signed out elsewhere says so.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { switchAccount } from './switch-account';
import { clearCookies } from './testing/session-server';
import { SSO, tabsServer } from './testing/tabs-server';

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});

const ACCOUNT_A = '111';
const ACCOUNT_B = '222';

/** Tab 1 signed in A (saved); tab 2 opened on A, added B: the device's active account is B. */
async function twoTabsTwoAccounts() {
  const server = tabsServer();
  const tab1 = server.tab();
  await tab1.session.signIn(server.signIn(ACCOUNT_A), true);
  const tab2 = server.tab();
  expect(await tab2.session.verify()).toMatchObject({ id: ACCOUNT_A });
  await tab2.session.signIn(server.signIn(ACCOUNT_B), true);
  return { server, tab1, tab2 };
}

describe('each tab its account (issue 35)', () => {
  it('a new tab opens on the active account; adding another in it changes nothing in the first tab', async () => {
    const { server, tab1, tab2 } = await twoTabsTwoAccounts();
    expect(tab1.session.user.value?.id).toBe(ACCOUNT_A);
    expect(tab2.session.user.value?.id).toBe(ACCOUNT_B);

    await tab1.http.patch(`${SSO}/user/profile/`, { first_name: 'Anora' });
    await tab2.http.patch(`${SSO}/user/profile/`, { first_name: 'Botir' });
    await tab1.session.check(true);

    expect(server.writes.map((write) => [write.account, write.body])).toEqual([
      [ACCOUNT_A, { first_name: 'Anora' }],
      [ACCOUNT_B, { first_name: 'Botir' }],
    ]);
    expect(tab1.session.user.value?.id).toBe(ACCOUNT_A);
    expect(tab1.session.followed.value).toBe(0);
    // A new tab opens on the device's active account: the one chosen last.
    expect(await server.tab().session.verify()).toMatchObject({ id: ACCOUNT_B });
  });

  it('a switch in one tab leaves the other on its account', async () => {
    const { server, tab1, tab2 } = await twoTabsTwoAccounts();
    await switchAccount(tab1.session, tab1.http, ACCOUNT_B);
    expect(tab1.session.user.value?.id).toBe(ACCOUNT_B);

    await switchAccount(tab2.session, tab2.http, ACCOUNT_A);
    await tab1.http.patch(`${SSO}/user/profile/`, { first_name: 'Botir' });
    await tab2.http.patch(`${SSO}/user/profile/`, { first_name: 'Anora' });

    expect(server.writes.map((write) => write.account)).toEqual([ACCOUNT_B, ACCOUNT_A]);
    expect(tab1.session.user.value?.id).toBe(ACCOUNT_B);
    expect(server.sessions.every((row) => row.live)).toBe(true);
  });

  it('refreshes with the newest stored token of its account, which another tab rotated: the session survives', async () => {
    const { server, tab1, tab2 } = await twoTabsTwoAccounts();
    // Tab 2 takes A up and back: A's stored token rotates behind tab 1's back.
    await switchAccount(tab2.session, tab2.http, ACCOUNT_A);
    await switchAccount(tab2.session, tab2.http, ACCOUNT_B);
    const rowA = server.sessions.find((row) => row.account === ACCOUNT_A);
    expect(rowA?.used.size).toBe(1);

    server.expire(tab1.tokens.access());
    await tab1.http.patch(`${SSO}/user/profile/`, { first_name: 'Anora' });

    expect(rowA).toMatchObject({ live: true });
    expect(rowA?.used.size).toBe(2);
    expect(localStorage.getItem(`session_${ACCOUNT_A}`)).toBe(rowA?.refresh);
    expect(server.writes.map((write) => write.account)).toEqual([ACCOUNT_A]);
    // Not the device's account: its active pair is still B's.
    expect(document.cookie).toContain(`sso-user-id=${ACCOUNT_B}`);
  });

  it('a reloaded tab takes up the account it showed, and the device keeps its active one', async () => {
    const { server, tab2 } = await twoTabsTwoAccounts();
    const activeBefore = localStorage.getItem('active_session');

    const reloaded = server.tab(ACCOUNT_A);
    expect(await reloaded.session.verify()).toMatchObject({ id: ACCOUNT_A });
    await reloaded.http.patch(`${SSO}/user/profile/`, { first_name: 'Anora' });

    expect(server.writes.map((write) => write.account)).toEqual([ACCOUNT_A]);
    expect(localStorage.getItem('active_session')).toBe(activeBefore);
    expect(await server.tab().session.verify()).toMatchObject({ id: ACCOUNT_B });
    expect(tab2.session.user.value?.id).toBe(ACCOUNT_B);
  });

  it('a reloaded tab whose account has no stored session any more opens on the active one', async () => {
    const { server } = await twoTabsTwoAccounts();
    localStorage.removeItem(`session_${ACCOUNT_A}`);
    expect(await server.tab(ACCOUNT_A).session.verify()).toMatchObject({ id: ACCOUNT_B });
  });

  it('signing out in a tab that is not on the active account leaves the active account signed in', async () => {
    const { server, tab1, tab2 } = await twoTabsTwoAccounts();
    await tab1.session.signOut();

    expect(tab1.session.hasToken()).toBe(false);
    expect(server.sessions.map((row) => [row.account, row.live])).toEqual([
      [ACCOUNT_A, false],
      [ACCOUNT_B, true],
    ]);
    expect(localStorage.getItem(`session_${ACCOUNT_A}`)).toBeNull();
    expect(localStorage.getItem(`session_${ACCOUNT_B}`)).not.toBeNull();
    await tab2.http.patch(`${SSO}/user/profile/`, { first_name: 'Botir' });
    expect(server.writes.map((write) => write.account)).toEqual([ACCOUNT_B]);
    expect(document.cookie).toContain(`sso-user-id=${ACCOUNT_B}`);
  });

  it('a tab whose account another tab signed out says whose it was, with its contact for Login', async () => {
    const { server, tab1, tab2 } = await twoTabsTwoAccounts();
    await switchAccount(tab2.session, tab2.http, ACCOUNT_A);
    await tab2.session.signOut();

    // main.tsx checks at once when the stored session of the tab's account goes (a storage event).
    await tab1.session.check(true);

    expect(tab1.session.user.value).toBeNull();
    expect(tab1.session.hasToken()).toBe(false);
    expect(tab1.session.ended.value).toEqual({ phone: `+998901234${ACCOUNT_A}`, email: null });
    expect(server.sessions.find((row) => row.account === ACCOUNT_A)?.end).toBe('logout');
  });
});
