/**
 * One tab, one account (issues 33, 35): the HTTP client and the session as main.tsx wires them, over a
 * fake server that checks Account-Id as the real one does. Another tab is localStorage written behind
 * this page's back, as a switch there writes it; a tab keeps its own token, so it goes on writing to its own
 * account. A refusal can then only mean the tab lost track of whose token it holds: the page starts again.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createHttp, type HttpError } from './http';
import { createSession } from './session';
import { createShowError } from './show-error';
import { SSO, clearCookies, signInResponse, user } from './testing/session-server';
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

/** The page of main.tsx: its client names the account its session shows, and starts again on a refusal. */
function page() {
  const tokens = createTokenStore();
  const reloads: string[] = [];
  const showError = createShowError({ has: () => true, t: (key) => `t:${key}` }, { show: () => {} }, () => {});
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
    onAccountChanged: (account) => reloads.push(account),
    fetch: fakeFetch,
    lock: (_name, work) => work(),
  });
  const session = createSession({ http, ssoApi: SSO, tokens });
  return { http, session, tokens, reloads, showError };
}

/** Another tab switched this device to u2 (switch-account.ts writes the same keys). */
function anotherTabSwitchesToU2() {
  localStorage.setItem('active_session', 'access-u2');
  localStorage.setItem('active_re_session', 'refresh-u2');
  localStorage.setItem('session_u2', 'refresh-u2');
  document.cookie = 'sso-user-id=u2; path=/';
}

beforeEach(() => {
  localStorage.clear();
  clearCookies();
  seen = [];
  written = [];
});

describe('a tab whose account another tab switched away from (issues 33, 35)', () => {
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

  it('goes on writing to its own account, with its own token, when another tab switched the device', async () => {
    const { http, session, reloads } = page();
    await session.signIn(signInResponse, true);
    anotherTabSwitchesToU2();
    await http.patch(`${SSO}/user/profile/`, { first_name: 'Aziza' });
    await session.check(true);
    expect(written.map((call) => call.account)).toEqual(['u1']);
    expect(session.user.value?.id).toBe('u1');
    expect(reloads).toEqual([]);
  });

  it("a call refused as another account's writes nothing, shows no message of its own, and the page starts again", async () => {
    const { http, session, tokens, reloads, showError } = page();
    await session.signIn(signInResponse, true);
    // The tab lost track of whose token it holds (a tab of an earlier release wrote it).
    tokens.store({ access: 'access-u2', refresh: 'refresh-u2' }, true, 'u1');
    written = [];

    const refusal = (await http
      .patch(`${SSO}/user/profile/`, { first_name: 'Aziza' })
      .catch((error: unknown) => error)) as HttpError;

    expect(written).toEqual([]);
    expect([refusal.status, refusal.accountChanged]).toEqual([409, true]);
    expect(showError(refusal)).toBeNull();
    expect(reloads).toEqual(['u1']);
  });

  it('signs nobody out from such a tab: the device keeps its saved sessions', async () => {
    const { session, tokens } = page();
    await session.signIn(signInResponse, true);
    tokens.store({ access: 'access-u2', refresh: 'refresh-u2' }, true, 'u1');
    await session.signOut();

    expect(written).toEqual([]);
    expect(localStorage.getItem('session_u1')).toBe('refresh-u1');
    expect(session.signedOut.value).toBeNull();
  });
});
