/**
 * A browser for the FedCM tests: a cookie jar that keeps the device cookies a sign-in sets (the
 * Strict one and the `_idp` one), and the requests the browser's FedCM implementation makes, with
 * `Sec-Fetch-Dest: webidentity` and the partner's Origin, as W3C FedCM's "Identity Provider HTTP API"
 * describes them.
 */
import { beforeEach, expect } from 'vitest';
import { PARTNER_ID, PARTNER_ORIGIN, oauthSteps, pkcePair } from './oauth.js';
import { REGISTER_PATH, STRONG_PASSWORD, V1, useTestServer, type CallResult, type TestServer } from './test-server.js';

export const FEDCM = `${V1}/fedcm`;
export const WEBIDENTITY = { 'sec-fetch-dest': 'webidentity' } as const;

export interface SignedIn {
  access: string;
  refresh: string;
  user_uuid: string;
  session: string;
}

/** The cookies of one browser profile, by name. */
export function cookieJar() {
  const cookies = new Map<string, string>();
  return {
    /** Keeps (or, for an expired one, drops) every cookie the answer sets. */
    keep(answer: CallResult): CallResult {
      for (const line of answer.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        if (/Max-Age=0/i.test(line)) cookies.delete(name);
        else cookies.set(name, value);
      }
      return answer;
    },
    /** The Cookie header: all cookies, or only the `_idp` one (what a third-party context sends). */
    header(which: 'all' | 'idp' = 'all'): Record<string, string> {
      const sent = [...cookies].filter(([name]) => which === 'all' || name === '__Host-kirish_idp');
      return sent.length === 0 ? {} : { cookie: sent.map(([name, value]) => `${name}=${value}`).join('; ') };
    },
    get(name: string): string | undefined {
      return cookies.get(name);
    },
  };
}
export type CookieJar = ReturnType<typeof cookieJar>;

export function fedcmSteps(server: TestServer) {
  /** Registers an account by phone in `jar`, which keeps the cookies the answer sets. */
  async function signUp(jar: CookieJar, phone: string, extra: Record<string, unknown> = {}): Promise<SignedIn> {
    const requestId = await server.verify({ phone });
    const body = {
      request_id: requestId,
      password: STRONG_PASSWORD,
      first_name: 'Aziza',
      last_name: 'Karimova',
      kind: 2,
      ...extra,
    };
    const answer = jar.keep(await server.post(REGISTER_PATH, body, { headers: jar.header() }));
    expect(answer.status, answer.text).toBe(201);
    return answer.json as SignedIn;
  }

  /** The accounts endpoint as the browser fetches it: cookies, no Origin. */
  const accounts = (jar: CookieJar, headers: Record<string, string> = WEBIDENTITY) =>
    server.call('GET', `${FEDCM}/accounts/`, { headers: { ...jar.header('idp'), ...headers } });

  /** A form POST of the browser's FedCM implementation to `endpoint`, from `origin`. */
  const form = (
    endpoint: string,
    jar: CookieJar,
    fields: Record<string, string>,
    headers: Record<string, string> = { ...WEBIDENTITY, origin: PARTNER_ORIGIN },
  ) =>
    server.call('POST', `${FEDCM}/${endpoint}/`, {
      rawBody: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...jar.header('idp'), ...headers },
    });

  /** The ID-assertion request for `accountId` with a fresh PKCE pair; returns the answer and the verifier. */
  async function assertion(
    jar: CookieJar,
    accountId: string,
    params: Record<string, unknown> = {},
    fields: Record<string, string> = {},
    headers?: Record<string, string>,
  ) {
    const pkce = pkcePair();
    const sent = {
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      scope: 'openid profile',
      nonce: 'nonce-fedcm',
      ...params,
    };
    const answer = await form(
      'assertion',
      jar,
      {
        client_id: PARTNER_ID,
        account_id: accountId,
        params: JSON.stringify(sent),
        disclosure_text_shown: 'true',
        is_auto_selected: 'false',
        ...fields,
      },
      headers,
    );
    return { answer, verifier: pkce.verifier };
  }

  return { signUp, accounts, form, assertion };
}

/**
 * The preamble the FedCM test files shared: a test server, the partner clients registered, and before
 * each test a fresh browser (`jar`) in which Aziza has just signed up with `phone` (`aziza`).
 */
export function useFedcmTests(phone: string) {
  const server = useTestServer();
  const oauth = oauthSteps(server);
  const fedcm = fedcmSteps(server);
  const jar = {} as CookieJar;
  const aziza = {} as SignedIn;
  beforeEach(async () => {
    await oauth.registerClients();
    Object.assign(jar, cookieJar());
    Object.assign(aziza, await fedcm.signUp(jar, phone));
  });
  return { server, oauth, fedcm, jar, aziza };
}
