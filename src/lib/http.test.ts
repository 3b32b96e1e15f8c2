import { beforeEach, describe, expect, it } from 'vitest';
import { createHttp, REFRESH_RETRY_CAP } from './http';
import type { TokenPair } from './tokens';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let calls: Call[];
let store: { access: string | null; refresh: string | null };
let signedOut: number;
/** Decides each response; the default: 401 for an old token, 200 otherwise. */
let respond: (call: Call) => { status: number; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function fakeFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const headers = Object.fromEntries(
    Object.entries((init?.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const call: Call = {
    url: String(input),
    method: init?.method ?? 'GET',
    headers,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
  calls.push(call);
  const { status, body } = respond(call);
  return Promise.resolve(json(status, body));
}

let refreshCount = 0;
function serverLike(call: Call): { status: number; body: unknown } {
  if (call.url.endsWith('/TokenRefresh/')) {
    refreshCount += 1;
    return { status: 200, body: { access: `access-${refreshCount}`, refresh: `refresh-${refreshCount}` } };
  }
  if (call.headers.authorization === 'Bearer expired')
    return { status: 401, body: { detail: 'Token is invalid or expired', code: 'token_not_valid' } };
  return { status: 200, body: { ok: true, auth: call.headers.authorization ?? null } };
}

function makeHttp() {
  return createHttp({
    refreshUrl: '/sso/api/v1/TokenRefresh/',
    locale: () => 'ru',
    deviceId: () => 'device-1',
    tokens: {
      access: () => store.access,
      refresh: () => store.refresh,
      storeRefreshed: (pair: TokenPair) => {
        store = { ...pair };
      },
      clear: () => {
        store = { access: null, refresh: null };
      },
    },
    onSignedOut: () => {
      signedOut += 1;
    },
    fetch: fakeFetch,
    lock: (_name, work) => work(),
  });
}

beforeEach(() => {
  calls = [];
  store = { access: 'expired', refresh: 'refresh-0' };
  signedOut = 0;
  refreshCount = 0;
  respond = serverLike;
});

describe('the HTTP client', () => {
  it('sends the headers of docs/product.md §7', async () => {
    store.access = 'good';
    await makeHttp().get('/sso/api/v1/user/MyProfile');
    expect(calls[0]?.headers).toMatchObject({
      accept: 'application/json',
      'accept-language': 'ru',
      'device-id': 'device-1',
      authorization: 'Bearer good',
    });
  });

  it('sends a body with DELETE', async () => {
    store.access = 'good';
    await makeHttp().delete('/x', { id: 3 });
    expect(calls[0]).toMatchObject({ method: 'DELETE', body: { id: 3 } });
  });

  it('refreshes once on token_not_valid and replays the call with the new token', async () => {
    const answer = await makeHttp().get<{ auth: string }>('/sso/api/v1/user/MyProfile');
    expect(answer.auth).toBe('Bearer access-1');
    expect(calls.map((c) => c.url)).toEqual([
      '/sso/api/v1/user/MyProfile',
      '/sso/api/v1/TokenRefresh/',
      '/sso/api/v1/user/MyProfile',
    ]);
    expect(store).toEqual({ access: 'access-1', refresh: 'refresh-1' });
  });

  it('sends the refresh call without Authorization or Device-Id', async () => {
    await makeHttp().get('/a');
    const refresh = calls.find((c) => c.url.endsWith('/TokenRefresh/'));
    expect(refresh?.body).toEqual({ refresh: 'refresh-0' });
    expect(refresh?.headers.authorization).toBeUndefined();
    expect(refresh?.headers['device-id']).toBeUndefined();
  });

  it('shares one refresh among calls that fail together', async () => {
    const http = makeHttp();
    const answers = await Promise.all([http.get('/a'), http.get('/b'), http.get('/c')]);
    expect(answers).toHaveLength(3);
    expect(calls.filter((c) => c.url.endsWith('/TokenRefresh/'))).toHaveLength(1);
  });

  it('refreshes on 403 too', async () => {
    respond = (call) =>
      call.url === '/forbidden' && call.headers.authorization === 'Bearer expired'
        ? { status: 403, body: {} }
        : serverLike(call);
    await makeHttp().get('/forbidden');
    expect(calls.filter((c) => c.url.endsWith('/TokenRefresh/'))).toHaveLength(1);
  });

  it('does not refresh for other errors, and hands them to the caller', async () => {
    respond = () => ({ status: 400, body: { errors: [{ error: 'invalid_credentials' }] } });
    const refused = await makeHttp()
      .post('/login', {})
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, data: { errors: [{ error: 'invalid_credentials' }] } });
    expect(refused).not.toHaveProperty('signedOut');
    expect(calls).toHaveLength(1);
  });

  it('signs out when there is no refresh token', async () => {
    store.refresh = null;
    await expect(makeHttp().get('/a')).rejects.toMatchObject({ status: 401, signedOut: true });
    expect(signedOut).toBe(1);
    expect(store).toEqual({ access: null, refresh: null });
    expect(calls.filter((c) => c.url.endsWith('/TokenRefresh/'))).toHaveLength(0);
  });

  it('signs out when the refresh fails', async () => {
    respond = (call) =>
      call.url.endsWith('/TokenRefresh/') ? { status: 401, body: { code: 'token_not_valid' } } : serverLike(call);
    await expect(makeHttp().get('/a')).rejects.toMatchObject({ status: 401, signedOut: true });
    expect(signedOut).toBe(1);
    expect(store).toEqual({ access: null, refresh: null });
  });

  it(`signs out after ${REFRESH_RETRY_CAP} refreshes in a row that do not lead to a success`, async () => {
    // The server keeps refusing every access token, fresh or not.
    respond = (call) =>
      call.url.endsWith('/TokenRefresh/') ? serverLike(call) : { status: 401, body: { code: 'token_not_valid' } };
    const http = makeHttp();
    for (let i = 0; i < REFRESH_RETRY_CAP; i += 1) await expect(http.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toBe(0);
    await expect(http.get('/a')).rejects.toMatchObject({ status: 401 });
    expect(signedOut).toBe(1);
    expect(calls.filter((c) => c.url.endsWith('/TokenRefresh/'))).toHaveLength(REFRESH_RETRY_CAP);
  });

  it('resets the count after a successful call', async () => {
    let refuse = true;
    respond = (call) =>
      call.url.endsWith('/TokenRefresh/')
        ? serverLike(call)
        : refuse
          ? { status: 401, body: {} }
          : { status: 200, body: {} };
    const http = makeHttp();
    for (let i = 0; i < REFRESH_RETRY_CAP; i += 1) await http.get('/a').catch(() => undefined);
    refuse = false;
    await http.get('/ok');
    refuse = true;
    await http.get('/a').catch(() => undefined);
    expect(signedOut).toBe(0);
  });

  it('takes the token another tab got while this one waited for the lock, without refreshing again', async () => {
    const http = createHttp({
      refreshUrl: '/sso/api/v1/TokenRefresh/',
      locale: () => 'uz',
      deviceId: () => null,
      tokens: {
        access: () => store.access,
        refresh: () => store.refresh,
        storeRefreshed: (pair) => {
          store = { ...pair };
        },
        clear: () => undefined,
      },
      onSignedOut: () => undefined,
      fetch: fakeFetch,
      lock: async (_name, work) => {
        store = { access: 'from-other-tab', refresh: 'refresh-other' }; // the other tab finished first
        return work();
      },
    });
    const answer = await http.get<{ auth: string }>('/a');
    expect(answer.auth).toBe('Bearer from-other-tab');
    expect(calls.filter((c) => c.url.endsWith('/TokenRefresh/'))).toHaveLength(0);
  });
});

/** A client whose device id is known once `ready` settles. */
function httpWithDeviceId(ready: Promise<unknown>) {
  let id: string | null = null;
  ready.then(
    () => (id = 'computed-device'),
    () => undefined,
  );
  return createHttp({
    refreshUrl: '/sso/api/v1/TokenRefresh/',
    locale: () => 'uz',
    deviceId: () => id,
    deviceIdReady: () => ready,
    tokens: { access: () => null, refresh: () => null, storeRefreshed: () => undefined, clear: () => undefined },
    onSignedOut: () => undefined,
    fetch: fakeFetch,
    lock: (_name, work) => work(),
  });
}

describe('the device id of a write', () => {
  beforeEach(() => {
    calls = [];
    respond = () => ({ status: 200, body: {} });
  });

  it('waits for the device id before a POST, which then carries it', async () => {
    let settle!: () => void;
    const http = httpWithDeviceId(new Promise<void>((resolve) => (settle = resolve)));
    const posted = http.post('/sso/api/v1/login/LoginUser/', { phone: '+998901234567' });
    await Promise.resolve();
    expect(calls).toHaveLength(0);
    settle();
    await posted;
    expect(calls[0]?.headers['device-id']).toBe('computed-device');
  });

  it('does not hold a GET back for it', async () => {
    const http = httpWithDeviceId(new Promise<void>(() => undefined));
    await http.get('/sso/api/v1/check/CheckUserExists/');
    expect(calls[0]?.headers['device-id']).toBeUndefined();
  });

  it('still sends the write when the device id cannot be computed', async () => {
    const http = httpWithDeviceId(Promise.reject(new Error('fingerprint blocked')));
    await http.post('/sso/api/v1/auth/SendAuthSmsVerification/', {});
    expect(calls).toHaveLength(1);
  });
});
