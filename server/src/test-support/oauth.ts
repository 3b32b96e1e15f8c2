/**
 * A partner app and the steps of the code flow, for the OAuth provider's tests: register the
 * partner, sign a user in to Kirish, authorize with PKCE, redeem at the token endpoint. Everything
 * goes through `app.request()` like a real client's requests would.
 */
import { createHash, randomBytes } from 'node:crypto';
import { testClient as client } from './clients.js';
import { V1, type CallOptions, type CallResult, type TestServer } from './test-server.js';

export const PARTNER_ID = 'partner-shop';
export const PARTNER_ORIGIN = 'https://shop.example.uz';
export const PARTNER_REDIRECT = `${PARTNER_ORIGIN}/callback`;
export const PARTNER_LOGOUT_REDIRECT = `${PARTNER_ORIGIN}/signed-out`;
export const OTHER_ID = 'other-shop';
export const OTHER_ORIGIN = 'https://other.example.uz';
export const OTHER_REDIRECT = `${OTHER_ORIGIN}/callback`;
export const BANK_ID = 'partner-bank';
export const BANK_REDIRECT = 'https://bank.example.uz/callback';
export const BANK_SECRET = 'bank-secret-0123456789-abcdefghijklmnopqrstuv';

export const AUTHORIZE = `${V1}/oauth/authorize/`;
export const TOKEN = `${V1}/oauth/token/`;
export const USERINFO = `${V1}/oauth/userinfo/`;
export const REVOKE = `${V1}/oauth/revoke/`;
export const LOGOUT = `${V1}/oauth/logout/`;

const sha256url = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A PKCE pair (RFC 7636 §4.1, §4.2): a 43-character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: sha256url(verifier) };
}

/** The bank's PKCE pair: one for every code of the tests, so that bankForm can name the verifier. */
export const BANK_PKCE = pkcePair();

/** An authorization request of the partner, as its consent page forwards it. */
function oauthRequest(challenge: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    client_id: PARTNER_ID,
    redirect_uri: PARTNER_REDIRECT,
    response_type: 'code',
    scope: 'openid profile',
    state: 'state-1',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    nonce: 'nonce-1',
    ...overrides,
  };
}

export type TokenJson = {
  access_token: string;
  refresh_token: string;
  id_token?: string;
  scope: string;
  token_type: string;
  expires_in: number;
};

/** The OAuth steps against `server`. */
export function oauthSteps(server: TestServer) {
  /** A third-party public client (a shop's SPA), another one, and a confidential one (a bank's backend). */
  async function registerClients(): Promise<void> {
    const at = server.clock.now();
    await server.storage.clients.upsert(
      client(at, {
        id: PARTNER_ID,
        name: 'Partner Shop',
        logoUrl: `${PARTNER_ORIGIN}/logo.png`,
        homePage: `${PARTNER_ORIGIN}/`,
        redirectUris: [PARTNER_REDIRECT, `${PARTNER_ORIGIN}/return?from=kirish`],
        postLogoutRedirectUris: [PARTNER_LOGOUT_REDIRECT],
        webOrigins: [PARTNER_ORIGIN],
      }),
    );
    await server.storage.clients.upsert(
      client(at, {
        id: OTHER_ID,
        name: 'Other Shop',
        redirectUris: [OTHER_REDIRECT],
        webOrigins: [OTHER_ORIGIN],
        scopes: ['openid'],
      }),
    );
    await server.storage.clients.upsert(
      client(at, {
        id: BANK_ID,
        name: 'Partner Bank',
        redirectUris: [BANK_REDIRECT],
        kind: 'confidential',
        secretHash: sha256url(BANK_SECRET),
      }),
    );
  }

  /** Signs a new account in to Kirish (the SPA's sign-in) and returns its token response. */
  const signIn = (phone = '+998901112233', extra: Record<string, unknown> = {}) => server.registerByPhone(phone, extra);

  const authorize = (
    spaToken: string,
    body: Record<string, unknown>,
    options: Omit<CallOptions, 'body' | 'token'> = {},
  ) => server.post(AUTHORIZE, body, { ...options, token: spaToken });

  const request = oauthRequest;

  /** Authorizes (consenting) and returns the code from the redirect URI, with the verifier that goes with it. */
  async function code(spaToken: string, overrides: Record<string, unknown> = {}) {
    const pkce = pkcePair();
    const answer = await authorize(spaToken, { ...request(pkce.challenge, overrides), consent: 'allow' });
    if (answer.status !== 200 || typeof answer.json?.redirect_uri !== 'string')
      throw new Error(`authorize failed: ${answer.status} ${answer.text}`);
    const redirect = new URL(answer.json.redirect_uri as string);
    const value = redirect.searchParams.get('code');
    if (!value) throw new Error(`no code in ${redirect.href}`);
    const sent = oauthRequest(pkce.challenge, overrides);
    return {
      code: value,
      verifier: pkce.verifier,
      redirect,
      clientId: String(sent.client_id),
      redirectUri: String(sent.redirect_uri),
    };
  }

  /** POSTs a form, as OAuth clients do (RFC 6749 §4.1.3). */
  const postForm = (
    path: string,
    form: Record<string, string>,
    options: Omit<CallOptions, 'body' | 'rawBody'> = {},
  ): Promise<CallResult> =>
    server.call('POST', path, {
      ...options,
      rawBody: new URLSearchParams(form).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    });

  /** The token request for `issued` (RFC 6749 §4.1.3 with RFC 7636 §4.5), by the partner unless it names another client. */
  const redeem = (
    issued: { code: string; verifier: string; clientId?: string; redirectUri?: string },
    extra: Record<string, string> = {},
    options: Omit<CallOptions, 'body' | 'rawBody'> = {},
  ) =>
    postForm(
      TOKEN,
      {
        grant_type: 'authorization_code',
        code: issued.code,
        redirect_uri: issued.redirectUri ?? PARTNER_REDIRECT,
        client_id: issued.clientId ?? PARTNER_ID,
        code_verifier: issued.verifier,
        ...extra,
      },
      options,
    );

  const refresh = (
    refreshToken: string,
    extra: Record<string, string> = {},
    options: Omit<CallOptions, 'body' | 'rawBody'> = {},
  ) =>
    postForm(
      TOKEN,
      { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: PARTNER_ID, ...extra },
      options,
    );

  /** A signed-in user and the partner's tokens for `scope`. */
  async function tokens(spaToken: string, overrides: Record<string, unknown> = {}): Promise<TokenJson> {
    const answer = await redeem(await code(spaToken, overrides));
    if (answer.status !== 200) throw new Error(`token request failed: ${answer.status} ${answer.text}`);
    return answer.json as TokenJson;
  }

  const userinfo = (accessToken: string, options: Omit<CallOptions, 'token'> = {}) =>
    server.call('GET', USERINFO, { ...options, token: accessToken });

  /** A code for the confidential bank client, issued with the challenge of BANK_PKCE (PKCE is required of every client). */
  async function bankCode(access: string): Promise<string> {
    const answer = await authorize(access, {
      client_id: BANK_ID,
      redirect_uri: BANK_REDIRECT,
      response_type: 'code',
      scope: 'openid',
      state: 's',
      code_challenge: BANK_PKCE.challenge,
      code_challenge_method: 'S256',
      consent: 'allow',
    });
    return new URL(answer.json.redirect_uri as string).searchParams.get('code') ?? '';
  }

  return { registerClients, signIn, authorize, request, code, postForm, redeem, refresh, tokens, userinfo, bankCode };
}

/** The payload of a JWT, read without checking it (the tests check signatures where that is the point). */
export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

export function jwtHeader(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString()) as Record<string, unknown>;
}

/** The token request that redeems a bank client's code (its secret goes in a header or the body). */
export const bankForm = (code: string) => ({
  grant_type: 'authorization_code',
  code,
  redirect_uri: BANK_REDIRECT,
  code_verifier: BANK_PKCE.verifier,
});
