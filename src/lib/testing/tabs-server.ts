/**
 * Tabs of one browser over a fake SSO that keeps sessions as the real one does (docs/decisions.md, Sessions and
 * tokens): refresh tokens rotate, a rotated one presented again ends its session, a logout ends the caller's
 * session, and a call naming another account than its token's is 409 account_changed. Each tab is the
 * HTTP client, token store and session that main.tsx wires; the tabs share localStorage and the cookies.
 */
import { createHttp } from '../http';
import { createSession } from '../session';
import { createTokenStore } from '../tokens';
import { userProfile } from './user-profile';

export const SSO = '/sso/api/v1';

interface SessionRow {
  account: string;
  live: boolean;
  refresh: string;
  used: Set<string>;
  end?: 'logout' | 'refresh_reuse';
}

export interface Write {
  url: string;
  account: string;
  body: unknown;
}

const reply = (status: number, body: unknown) =>
  Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

export function tabsServer() {
  const sessions: SessionRow[] = [];
  const byAccess = new Map<string, SessionRow>();
  const expired = new Set<string>();
  const writes: Write[] = [];
  let issued = 0;

  function issue(row: SessionRow) {
    issued += 1;
    const access = `access-${row.account}-${issued}`;
    row.refresh = `refresh-${row.account}-${issued}`;
    byAccess.set(access, row);
    return { access, refresh: row.refresh };
  }

  function signIn(account: string) {
    const row: SessionRow = { account, live: true, refresh: '', used: new Set() };
    sessions.push(row);
    return { ...issue(row), user_uuid: account, has_phone: true, session: `s${sessions.length}` };
  }

  /** The accounts signed in on this browser, newest first, contacts masked (docs/api.md DeviceProfileList). */
  function deviceProfiles(caller: string) {
    const accounts = [...new Set(sessions.map((one) => one.account))].toReversed();
    return accounts.map((account) => ({
      uuid: account,
      first_name: `First ${account}`,
      last_name: `Last ${account}`,
      phone: `+99890 *** ** ${account.slice(-2)}`,
      email: null,
      is_current: account === caller,
      has_active_session: sessions.some((one) => one.account === account && one.live),
      last_seen_at: '2026-11-27T08:00:00.000Z',
      photo: null,
    }));
  }

  function fetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = String(input);
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>).map(([key, value]) => [key.toLowerCase(), value]),
    );
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (url.endsWith('/TokenRefresh/')) {
      const presented = (body as { refresh: string }).refresh;
      const row = sessions.find((one) => one.refresh === presented || one.used.has(presented));
      if (!row?.live) return reply(401, { code: 'token_not_valid' });
      if (row.refresh !== presented) {
        // RFC 9700 §4.14.2: a rotated token again ends the whole session.
        row.live = false;
        row.end = 'refresh_reuse';
        return reply(401, { code: 'token_not_valid' });
      }
      row.used.add(presented);
      return reply(200, issue(row));
    }
    const access = (headers.authorization ?? '').replace('Bearer ', '');
    const row = byAccess.get(access);
    if (!row?.live || expired.has(access)) return reply(401, { code: 'token_not_valid' });
    const named = headers['account-id'];
    if (named !== undefined && named !== row.account) return reply(409, { errors: [{ error: 'account_changed' }] });
    if (url.endsWith('/user/MyProfile')) return reply(200, profileOf(row.account));
    if (url.endsWith('/user/deviceprofile/DeviceProfileList')) return reply(200, deviceProfiles(row.account));
    if (url.endsWith('/user/LogoutUser/')) {
      row.live = false;
      row.end = 'logout';
      return reply(204, null);
    }
    writes.push({ url: url.replace(SSO, ''), account: row.account, body });
    return reply(200, {});
  }

  /** A tab as main.tsx makes it; `resume` as a reload reads it from the history entry. */
  function tab(resume?: string) {
    const tokens = createTokenStore(resume);
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
      onAccountChanged: () => (server.reloads += 1),
      fetch,
      lock: (_name, work) => work(),
    });
    const session = createSession({ http, ssoApi: SSO, tokens });
    return { http, session, tokens };
  }

  const server = {
    sessions,
    writes,
    /** The times a tab's page was started again after a call refused as another account's. */
    reloads: 0,
    signIn,
    tab,
    /** The access token stops being accepted, as at the end of its life: the next call refreshes. */
    expire: (access: string | null) => access && expired.add(access),
  };
  return server;
}

export function profileOf(account: string) {
  return userProfile(
    account,
    { first: `First ${account}`, last: `Last ${account}` },
    { phone: `+998901234${account}` },
  );
}
