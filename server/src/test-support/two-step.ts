/**
 * The two-step tests' steps: turning an authenticator app on (the test acts as the app, lib/totp.ts),
 * and a password sign-in from a browser that keeps its sign-in cookie (test-support/passkeys.ts).
 */
import { totpCodeAt } from '../lib/totp.js';
import { passkeyBrowser, type PasskeyBrowser } from './passkeys.js';
import { securitySteps } from './security.js';
import { STRONG_PASSWORD, V1, type CallResult, type TestServer } from './test-server.js';

export const TWO_STEP = `${V1}/user/two-step/`;
export const SECOND_STEP = `${V1}/login/second-step/`;

export function twoStepSteps(server: TestServer) {
  const steps = securitySteps(server);

  /** Turns two-step on with a new app: its secret and the recovery codes. */
  async function turnOn(token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
    const proof = await steps.proofByPassword(token);
    const setup = await server.post(`${TWO_STEP}totp/`, { proof }, { token });
    if (setup.status !== 200) throw new Error(`setup failed: ${setup.status} ${setup.text}`);
    const secret = setup.json.secret as string;
    const confirmed = await server.post(
      `${TWO_STEP}totp/confirm/`,
      { code: totpCodeAt(secret, server.clock.now()) },
      { token },
    );
    if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${confirmed.text}`);
    return { secret, recoveryCodes: confirmed.json.recovery_codes as string[] };
  }

  /** The password sign-in's first step in `browser`. */
  async function firstStep(phone: string, browser: PasskeyBrowser = passkeyBrowser(server)): Promise<CallResult> {
    return browser.call('POST', `${V1}/login/LoginUser/`, { phone, password: STRONG_PASSWORD, save: true });
  }

  /** The app's code a step (30 s) later than the last one: a code of a new step. */
  function nextCode(secret: string): string {
    server.clock.advanceSeconds(30);
    return totpCodeAt(secret, server.clock.now());
  }

  /** A password sign-in in `browser` finished with the app's code of the next step: the second step's answer. */
  async function signInWithApp(phone: string, secret: string, browser: PasskeyBrowser): Promise<CallResult> {
    const first = await firstStep(phone, browser);
    return browser.call('POST', SECOND_STEP, { id: first.json.second_step.id, method: 'totp', code: nextCode(secret) });
  }

  return { ...steps, turnOn, firstStep, nextCode, signInWithApp };
}
