/**
 * The passkey tests' steps: a browser that keeps its sign-in cookie (middleware/sign-in-binding.ts),
 * registering a software authenticator's passkey with a fresh proof, and signing in with it.
 */
import { securitySteps } from './security.js';
import { softwareAuthenticator, type CeremonyTweaks, type SoftwareAuthenticator } from './software-authenticator.js';
import { V1, type CallResult, type TestServer } from './test-server.js';

export const PASSKEYS = `${V1}/user/passkeys/`;
export const PASSKEY_LOGIN = `${V1}/login/passkey/`;

/** One browser: the sign-in cookie the server set, sent back on every later call. */
export function passkeyBrowser(server: TestServer) {
  let cookie = '';
  async function call(method: string, path: string, body?: unknown, token?: string): Promise<CallResult> {
    const answer = await server.call(method, path, {
      ...(body === undefined ? {} : { body }),
      ...(token ? { token } : {}),
      headers: cookie ? { cookie } : {},
    });
    const set = answer.headers.getSetCookie().find((line) => /^__Host-[a-z0-9]+_sign_in=/.test(line));
    if (set) cookie = set.split(';')[0] ?? '';
    return answer;
  }
  return {
    call,
    get cookie() {
      return cookie;
    },
  };
}

export type PasskeyBrowser = ReturnType<typeof passkeyBrowser>;

export function passkeySteps(server: TestServer) {
  const steps = securitySteps(server);

  /** A new passkey of a software authenticator on `token`'s account, registered from `browser`. */
  async function register(
    token: string,
    browser: PasskeyBrowser = passkeyBrowser(server),
    authenticator: SoftwareAuthenticator = softwareAuthenticator(server.config.publicUrl),
  ): Promise<{ authenticator: SoftwareAuthenticator; browser: PasskeyBrowser; answer: CallResult }> {
    const proof = await steps.proofByPassword(token);
    const options = await browser.call('POST', `${PASSKEYS}registration/options/`, { proof }, token);
    if (options.status !== 200) throw new Error(`options failed: ${options.status} ${options.text}`);
    const credential = authenticator.register(options.json);
    const answer = await browser.call('POST', `${PASSKEYS}registration/`, { credential }, token);
    return { authenticator, browser, answer };
  }

  /** Asks for a sign-in's options in `browser` and answers them with `authenticator`. */
  async function signIn(
    authenticator: SoftwareAuthenticator,
    browser: PasskeyBrowser = passkeyBrowser(server),
    tweaks: CeremonyTweaks = {},
  ): Promise<CallResult> {
    const options = await browser.call('POST', `${PASSKEY_LOGIN}options/`);
    if (options.status !== 200) throw new Error(`options failed: ${options.status} ${options.text}`);
    return browser.call('POST', PASSKEY_LOGIN, { credential: authenticator.assert(options.json, tweaks), save: true });
  }

  return { ...steps, register, signIn };
}
