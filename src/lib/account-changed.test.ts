/**
 * One tab, one account (issue 33): the HTTP client and the session as main.tsx wires them, over a
 * fake server that checks Account-Id as the real one does. Another tab is localStorage written behind
 * this page's back, as a switch there writes it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHttp, type HttpError } from './http';
import { createSession } from './session';
import { createShowError } from './show-error';
import { SSO, signInResponse, user } from './testing/session-server';
import { createTokenStore } from './tokens';

interface Seen {
  method: string;
  url: string;
  account: string | undefined;
  body: unknown;
}

const OWNER: Record<string, string> = { 'access-u1': 'u1', 'access-u2': 'u2' };
let seen: Seen[];
let written: Seen[];

const reply = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

/** The server of docs/api.md: a call naming another account than its token's is 409 account_changed, before anything else. */
function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = Object.fromEntries(
    Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const url = String(input);
  const call: Seen = {
    method: init?.method ?? 'GET',
    url,
    account: headers['account-id'],
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
  seen.push(call);
  const owner = OWNER[(headers.authorization ?? '').replace('Bearer ', '')];
  if (!owner) return reply(401, { code: 'token_not_valid' });
  if (call.account !== undefined && call.account !== owner)
    return reply(409, { errors: [{ error: 'account_changed' }] });
  if (url.endsWith('/user/MyProfile')) return reply(200, user(owner));
  if (url.endsWith('/user/deviceprofile/DeviceProfileList')) return reply(200, []);
  written.push(call);
  return reply(200, {});
}

/** The page of main.tsx: its client names the account its session shows, and follows the device on a refusal. */
function page() {
  const tokens = createTokenStore();
  const toasts: string[] = [];
  const showError = createShowError(
    { has: () => true, t: (key) => `t:${key}` },
    { show: (_kind, text) => toasts.push(text) },
    () => {},
  );
  const http = createHttp({
    refreshUrl: `${SSO}/TokenRefresh/`,
    locale: () => 'uz',
    deviceId: () => 'device-1',
    tokens: {
      access: tokens.access,
      refresh: tokens.refresh,
      storeRefreshed: (pair) => session.storeRefreshed(pair),
      clear: tokens.clear,
    },
    onSignedOut: () => session.lost(),
    account: () => session.user.peek()?.id ?? null,
    onAccountChanged: (account, error) => {
      if (session.followDevice(account)) showError({ status: error.status, data: error.data });
    },
    fetch: fakeFetch,
    lock: (_name, work) => work(),
  });
  const session = createSession({ http, ssoApi: SSO, tokens });
  return { http, session, toasts, showError };
}

/** Another tab switched this device to u2 (switch-account.ts writes the same keys). */
function anotherTabSwitchesToU2() {
  localStorage.setItem('active_session', 'access-u2');
  localStorage.setItem('active_re_session', 'refresh-u2');
  localStorage.setItem('session_u2', 'refresh-u2');
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  localStorage.clear();
  seen = [];
  written = [];
});

describe('a tab whose account another tab switched away from (issue 33)', () => {
  it('names the account it shows in Account-Id on every call, and a sign-in names the account it signed in', async () => {
    const { http, session } = page();
    await session.signIn(signInResponse, true);
    await http.patch(`${SSO}/user/profile/`, { first_name: 'Aziza' });
    expect(seen.map((call) => `${call.method} ${call.url.replace(SSO, '')} ${call.account}`)).toEqual([
      'GET /user/MyProfile u1',
      'GET /user/deviceprofile/DeviceProfileList u1',
      'PATCH /user/profile/ u1',
    ]);
    // A switch in this same tab names the account it switches to: it is let through.
    await session.signIn({ ...signInResponse, access: 'access-u2', refresh: 'refresh-u2', user_uuid: 'u2' }, true);
    expect(session.user.value?.id).toBe('u2');
  });

  it("writes nothing into the other account: the save is refused, said once, and the tab then shows the device's account", async () => {
    const { http, session, toasts, showError } = page();
    await session.signIn(signInResponse, true);
    anotherTabSwitchesToU2();
    written = [];

    const saves = [1, 2, 3].map(() =>
      http
        .patch(`${SSO}/user/profile/`, { first_name: 'Aziza', birth_date: '1990-02-28', gender: 'female' })
        .catch((error: unknown) => error),
    );
    const refusals = (await Promise.all(saves)) as HttpError[];

    expect(written).toEqual([]);
    expect(refusals.map((refusal) => [refusal.status, refusal.accountChanged])).toEqual([
      [409, true],
      [409, true],
      [409, true],
    ]);
    // The screens' own error display says nothing more: the page said it once.
    for (const refusal of refusals) expect(showError(refusal)).toBeNull();
    await settled();
    expect(toasts).toEqual(['t:account_changed']);
    expect(session.user.value?.id).toBe('u2');
    expect(session.followed.value).toBe(1);
    // The profile was asked for without a name: whose token it is, is the question.
    expect(seen.filter((call) => call.url.endsWith('/MyProfile')).at(-1)?.account).toBeUndefined();

    // From now on the tab is u2's: its calls name u2 and go through.
    await http.patch(`${SSO}/user/profile/`, { first_name: 'Botir' });
    expect(written.map((call) => call.account)).toEqual(['u2']);
  });

  it('refuses a read too: the tab coming back into view does not take the other account as its own without saying so', async () => {
    const { session, toasts } = page();
    await session.signIn(signInResponse, true);
    anotherTabSwitchesToU2();
    await session.check();
    await settled();
    expect(toasts).toEqual(['t:account_changed']);
    expect(session.user.value?.id).toBe('u2');
    expect(session.followed.value).toBe(1);
  });

  it('signs nobody out from a stale tab: the device keeps its account and its saved sessions', async () => {
    const { session } = page();
    await session.signIn(signInResponse, true);
    anotherTabSwitchesToU2();
    await session.signOut();
    await settled();

    expect(written).toEqual([]);
    expect(localStorage.getItem('active_session')).toBe('access-u2');
    expect(localStorage.getItem('session_u1')).toBe('refresh-u1');
    expect(session.signedOut.value).toBeNull();
    expect(session.user.value?.id).toBe('u2');
  });
});
