/**
 * The Developers API for tests: a signed-in person's calls to /developers/apps/…, a valid app, and
 * an account without a phone (who may not register).
 */
import { oauthSteps, pkcePair, TOKEN } from './oauth.js';
import { REGISTER_PATH, STRONG_PASSWORD, V1, type CallResult, type TestServer } from './test-server.js';

export const APPS = `${V1}/developers/apps/`;
export const appPath = (clientId: string, rest = '') => `${APPS}${encodeURIComponent(clientId)}/${rest}`;

/** A public app with every required field, on a loopback origin (allowed outside production). */
export function appInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Bozor Shop',
    home_page: 'https://bozor.example.uz/',
    privacy_policy_url: 'https://bozor.example.uz/privacy',
    terms_url: null,
    redirect_uris: ['https://bozor.example.uz/callback', 'http://127.0.0.1:18090/callback'],
    web_origins: ['https://bozor.example.uz', 'http://127.0.0.1:18090'],
    kind: 'public',
    ...overrides,
  };
}

export function developerCalls(server: TestServer) {
  const create = (token: string, overrides: Record<string, unknown> = {}) =>
    server.post(APPS, appInput(overrides), { token });
  const list = (token: string) => server.call('GET', APPS, { token });
  const get = (token: string, clientId: string) => server.call('GET', appPath(clientId), { token });
  const patch = (token: string, clientId: string, body: Record<string, unknown>) =>
    server.call('PATCH', appPath(clientId), { token, body });
  const remove = (token: string, clientId: string) => server.call('DELETE', appPath(clientId), { token });
  const rotate = (token: string, clientId: string) => server.call('POST', appPath(clientId, 'secret/'), { token });

  /** Creates an app and returns the answer's body, failing the test on anything but 201. */
  async function created(token: string, overrides: Record<string, unknown> = {}) {
    const answer = await create(token, overrides);
    if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${answer.text}`);
    return answer.json as { app: { client_id: string } & Record<string, unknown>; client_secret: string | null };
  }

  /** An account registered by e-mail: it has no phone. */
  async function emailOnlyAccount(email = 'malika@example.uz') {
    const requestId = await server.verify({ email });
    const registered = await server.post(REGISTER_PATH, {
      request_id: requestId,
      password: STRONG_PASSWORD,
      first_name: 'Malika',
      last_name: 'Karimova',
      kind: 1,
    });
    if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
    return registered.json as { access: string; user_uuid: string };
  }

  /** A signed-in user's consented authorization of an app made by appInput() (its first callback), redeemed: the app's tokens. */
  async function appTokens(access: string, clientId: string) {
    const oauth = oauthSteps(server);
    const pkce = pkcePair();
    const redirectUri = 'https://bozor.example.uz/callback';
    const request = {
      client_id: clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid profile',
      state: 's',
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
    };
    const allowed = await oauth.authorize(access, { ...request, consent: 'allow' });
    const code = new URL(allowed.json.redirect_uri as string).searchParams.get('code') ?? '';
    const redeemed = await oauth.postForm(TOKEN, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      code_verifier: pkce.verifier,
    });
    if (redeemed.status !== 200) throw new Error(`token failed: ${redeemed.text}`);
    return redeemed.json as { access_token: string; refresh_token: string; id_token: string };
  }

  return { create, list, get, patch, remove, rotate, created, emailOnlyAccount, appTokens };
}

/** The error items of an answer, as `[status, [key, field]…]`. */
export const problems = (answer: CallResult): [number, string[][]] => [
  answer.status,
  ((answer.json?.errors ?? []) as Array<{ error: string; field?: string }>).map((item) =>
    item.field === undefined ? [item.error] : [item.error, item.field],
  ),
];
