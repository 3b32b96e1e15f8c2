/**
 * A client of a running Kirish's API over HTTP, for tests of the whole that speak to it as programs
 * do (no browser): JSON and form posts, a registration by phone with the dev outbox's code, and an
 * OAuth code flow of the demo partner.
 */
import { createHash, randomBytes } from 'node:crypto';
import { latestCode } from './outbox.js';

export const V1 = '/sso/api/v1';

export interface Answer {
  status: number;
  headers: Headers;
  // The tests assert the shapes the server answered.
  // oxlint-disable-next-line typescript/no-explicit-any
  json: any;
}

export interface TokenPair {
  access: string;
  refresh: string;
  session: string;
  user_uuid: string;
}

export function apiClient(origin: string) {
  async function send(path: string, init: RequestInit): Promise<Answer> {
    const response = await fetch(`${origin}${path}`, init);
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json };
  }

  const post = (path: string, body: unknown, token?: string) =>
    send(path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });

  const get = (path: string, token?: string) =>
    send(path, { headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  /** A form post, as OAuth clients send (RFC 6749 §4.1.3). */
  const postForm = (path: string, form: Record<string, string>) =>
    send(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });

  /** Registers an account by phone (kind 2, saved) with the code from the dev outbox; returns its token response. */
  async function registerByPhone(phone: string, password: string): Promise<TokenPair> {
    const section = { type: 'login_sms_verification', phone };
    const sent = await post(`${V1}/auth/SendAuthSmsVerification/`, section);
    if (sent.status !== 200) throw new Error(`sending a code failed: ${sent.status} ${JSON.stringify(sent.json)}`);
    const checked = await post(`${V1}/auth/CheckAuthSmsVerification/`, {
      ...section,
      code: await latestCode(origin, phone),
    });
    if (checked.status !== 200)
      throw new Error(`checking the code failed: ${checked.status} ${JSON.stringify(checked.json)}`);
    const registered = await post('/sso/api/v2/register/RegisterUser/', {
      request_id: checked.json.request_id,
      password,
      first_name: 'Sardor',
      last_name: 'Toshmatov',
      kind: 2,
      save: true,
    });
    if (registered.status !== 201)
      throw new Error(`registering failed: ${registered.status} ${JSON.stringify(registered.json)}`);
    return registered.json as TokenPair;
  }

  /**
   * The OAuth tokens of a public client for the signed-in user: authorize with consent and PKCE
   * (RFC 7636) through the SPA's call, then redeem the code at the token endpoint.
   */
  async function oauthTokens(spaAccess: string, clientId: string, redirectUri: string): Promise<Answer> {
    const verifier = randomBytes(32).toString('base64url');
    const authorized = await post(
      `${V1}/oauth/authorize/`,
      {
        client_id: clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'openid profile',
        state: 'state-1',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        nonce: 'nonce-1',
        consent: 'allow',
      },
      spaAccess,
    );
    const code =
      typeof authorized.json?.redirect_uri === 'string'
        ? new URL(authorized.json.redirect_uri as string).searchParams.get('code')
        : null;
    if (!code) throw new Error(`authorizing failed: ${authorized.status} ${JSON.stringify(authorized.json)}`);
    return postForm(`${V1}/oauth/token/`, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: verifier,
    });
  }

  return { post, get, postForm, registerByPhone, oauthTokens };
}

/** How many answers had each status: `{ 200: 3, 429: 37 }`. */
export function statusCounts(answers: Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
  return counts;
}
