/**
 * The one wrapper around redaxios: the headers of docs/product.md §7 and the refresh rules of docs/product.md §4.
 *
 * - Every call: Accept JSON, Accept-Language, Device-Id, Bearer with this tab's access token (tokens.ts), and
 *   the XSRF-TOKEN cookie echoed as X-XSRF-TOKEN.
 * - A 401, a 403 or `code: token_not_valid`: refresh once and replay the call with the new token.
 *   Calls that fail together share one refresh; tabs share it too, through a Web Lock, and a tab that
 *   waited for the lock takes the token another tab already got instead of refreshing again. The
 *   refresh token is read inside the lock: the newest stored one of the tab's account, which another
 *   tab may have rotated meanwhile (a rotated one presented again ends the session, RFC 9700 §4.14.2).
 * - A successful call resets the count; past 10 refreshes in a row, or when the refresh fails or no
 *   refresh token exists, both tokens go and `onSignedOut` sends the user to Login. The failed call
 *   then rejects marked `signedOut`, so that no message is shown for it (docs/product.md §8).
 * - The refresh call carries neither Authorization nor Device-Id.
 * - Every call names the account this tab shows in `Account-Id` (docs/api.md). A tab keeps its own
 *   token (issue 35), so the server's 409 `account_changed` is a safety net: `onAccountChanged` hears of
 *   it and the call rejects marked `accountChanged`, so that no screen shows a message of its own
 *   (docs/decisions.md, One tab, one account).
 */
import redaxios from 'redaxios';
import type { TokenPair } from './tokens';

export const REFRESH_RETRY_CAP = 10;
const REFRESH_LOCK = 'kirish-token-refresh';

export interface HttpDeps {
  refreshUrl: string;
  locale: () => string;
  deviceId: () => string | null;
  /**
   * Settles once a device id exists (docs/product.md §4: the cookie, else the fingerprint). Every call but a
   * GET waits for it, so that a sign-in, a registration or a code request carries Device-Id even when
   * the page did not compute it before (it is left out of the first paint).
   */
  deviceIdReady?: () => Promise<unknown>;
  tokens: {
    access(): string | null;
    refresh(): string | null;
    /** Keeps a refreshed pair (and the active profile's session_{uuid}). */
    storeRefreshed(pair: TokenPair): void;
    clear(): void;
  };
  onSignedOut: () => void;
  /** The account this tab shows (its user's id), named in `Account-Id`; null before one is loaded. */
  account?: () => string | null;
  /** A call naming `account` was refused: the device's token is another account's now. */
  onAccountChanged?: (account: string, error: HttpError) => void;
  fetch?: typeof fetch;
  /** Cross-tab mutual exclusion; Web Locks where the browser has them. */
  lock?: <T>(name: string, work: () => Promise<T>) => Promise<T>;
}

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface RequestOptions {
  params?: Record<string, string>;
  /** Added to (and overriding) the default headers of this one call. */
  headers?: Record<string, string>;
  /**
   * The account this one call is meant for, instead of the tab's: a sign-in names the account it
   * signed in; null names none (the account a token verifies as is what the call asks).
   */
  account?: string | null;
  /** The body as a Blob (a file to download) rather than parsed JSON. */
  responseType?: 'blob';
}

export interface HttpError {
  status: number;
  data: unknown;
  /** The call failed because the session could not be refreshed: the user is on the way to Login. */
  signedOut?: true;
  /** The device is on another account than the one the call named (409 account_changed): the tab follows it. */
  accountChanged?: true;
}

export interface Http {
  request<T>(method: Method, url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  get<T>(url: string, options?: RequestOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(url: string, body?: unknown): Promise<T>;
  patch<T>(url: string, body?: unknown): Promise<T>;
  /** DELETE may carry a body (docs/product.md §7). */
  delete<T>(url: string, body?: unknown): Promise<T>;
  /** Trades a refresh token for a new pair, as the refresh call: no Authorization, no Device-Id. */
  refreshWith(refresh: string): Promise<TokenPair>;
}

class SignedOut extends Error {}

function defaultLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request(name, work) as Promise<T>) : work();
}

function isAccountChanged(error: unknown): boolean {
  const failed = error as { status?: number; data?: { errors?: { error?: unknown }[] } } | null;
  return failed?.status === 409 && failed.data?.errors?.[0]?.error === 'account_changed';
}

function needsRefresh(error: unknown): boolean {
  const failed = error as { status?: number; data?: { code?: unknown } } | null;
  return failed?.status === 401 || failed?.status === 403 || failed?.data?.code === 'token_not_valid';
}

export function createHttp(deps: HttpDeps): Http {
  const client = redaxios.create({
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  });
  const lock = deps.lock ?? defaultLock;
  let refreshesInARow = 0;
  let inFlight: Promise<string> | null = null;

  function headers(access: string | null, account: string | null): Record<string, string> {
    const result: Record<string, string> = { Accept: 'application/json', 'Accept-Language': deps.locale() };
    const deviceId = deps.deviceId();
    if (deviceId) result['Device-Id'] = deviceId;
    if (access) result.Authorization = `Bearer ${access}`;
    if (account) result['Account-Id'] = account;
    return result;
  }

  async function refreshOnce(staleAccess: string | null): Promise<string> {
    const current = deps.tokens.access();
    if (current && current !== staleAccess) return current;
    const refresh = deps.tokens.refresh();
    if (!refresh) throw new SignedOut();
    refreshesInARow += 1;
    if (refreshesInARow > REFRESH_RETRY_CAP) throw new SignedOut();
    const pair = await refreshWith(refresh);
    deps.tokens.storeRefreshed(pair);
    return pair.access;
  }

  async function refreshWith(refresh: string): Promise<TokenPair> {
    const response = await client.post<TokenPair>(
      deps.refreshUrl,
      { refresh },
      { headers: { Accept: 'application/json' } },
    );
    return response.data;
  }

  function sharedRefresh(staleAccess: string | null): Promise<string> {
    inFlight ??= lock(REFRESH_LOCK, () => refreshOnce(staleAccess)).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  async function send<T>(
    method: Method,
    url: string,
    body: unknown,
    options: RequestOptions,
    access: string | null,
    account: string | null,
  ) {
    const response = await client<T>({
      url,
      method,
      headers: { ...headers(access, account), ...options.headers },
      ...(body === undefined ? {} : { data: body }),
      ...(options.params ? { params: options.params } : {}),
      ...(options.responseType ? { responseType: options.responseType } : {}),
    });
    refreshesInARow = 0;
    return response.data;
  }

  function request<T>(method: Method, url: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
    // Read before anything is awaited: the account the screen asked for, not one loaded meanwhile.
    const account = options.account === undefined ? (deps.account?.() ?? null) : options.account;
    return refreshing<T>(method, url, body, options, account).catch((error: HttpError) => {
      if (!account || !isAccountChanged(error)) throw error;
      deps.onAccountChanged?.(account, error);
      throw { ...error, accountChanged: true };
    });
  }

  async function refreshing<T>(
    method: Method,
    url: string,
    body: unknown,
    options: RequestOptions,
    account: string | null,
  ): Promise<T> {
    // Without a device id the call still goes: the header is what docs/product.md §7 asks for, not a gate.
    if (method !== 'get' && deps.deviceIdReady) await deps.deviceIdReady().catch(() => undefined);
    const access = deps.tokens.access();
    try {
      return await send<T>(method, url, body, options, access, account);
    } catch (error) {
      if (!needsRefresh(error)) throw error;
      let fresh: string;
      try {
        fresh = await sharedRefresh(access);
      } catch {
        // Told first, while the tab still knows whose session ended (Login names it).
        deps.onSignedOut();
        deps.tokens.clear();
        throw { ...(error as HttpError), signedOut: true };
      }
      return send<T>(method, url, body, options, fresh, account);
    }
  }

  return withMethods(request, refreshWith);
}

/** The helpers of docs/product.md §7 (GET, POST, PUT, PATCH, DELETE with a body) over one `request`. */
export function withMethods(request: Http['request'], refreshWith: Http['refreshWith']): Http {
  return {
    request,
    get: (url, options) => request('get', url, undefined, options),
    post: (url, body, options) => request('post', url, body, options),
    put: (url, body) => request('put', url, body),
    patch: (url, body) => request('patch', url, body),
    delete: (url, body) => request('delete', url, body),
    refreshWith,
  };
}
