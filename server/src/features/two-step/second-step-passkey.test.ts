/**
 * A passkey as the second step (issue 41: "a passkey counts as a second step too"): offered only to
 * an account that has one, its options listing that account's passkeys, bound to the half-done
 * sign-in's browser; a passkey of another account refused; the counter kept; wrong answers counted
 * against the same limit as wrong codes.
 */
import { describe, expect, it } from 'vitest';
import { SECOND_STEP_MAX_ATTEMPTS } from '../../config/policy.js';
import {
  PASSKEY_LOGIN,
  PASSKEYS,
  passkeyBrowser,
  passkeySteps,
  type PasskeyBrowser,
} from '../../test-support/passkeys.js';
import { useSecurityTests } from '../../test-support/security.js';
import type { SoftwareAuthenticator } from '../../test-support/software-authenticator.js';
import { SECOND_STEP, twoStepSteps } from '../../test-support/two-step.js';

const PHONE = '+998901234570';
const OTHER_PHONE = '+998901234571';
const OPTIONS = `${SECOND_STEP}passkey/options/`;

/** Asks for the second step's passkey options in `browser` and answers them with `authenticator`. */
async function answer(browser: PasskeyBrowser, id: string, authenticator: SoftwareAuthenticator) {
  const options = await browser.call('POST', OPTIONS, { id });
  if (options.status !== 200) throw new Error(`options failed: ${options.status} ${options.text}`);
  return browser.call('POST', SECOND_STEP, { id, method: 'passkey', credential: authenticator.assert(options.json) });
}

describe('a passkey as the second step', () => {
  const { server, tokens } = useSecurityTests(PHONE);
  const steps = twoStepSteps(server);
  const keys = passkeySteps(server);

  /** Two-step on, a passkey registered, and a password sign-in waiting for its second step in `browser`. */
  async function halfDone() {
    await steps.turnOn(tokens.access);
    const { authenticator } = await keys.register(tokens.access);
    const browser = passkeyBrowser(server);
    const first = await steps.firstStep(PHONE, browser);
    return { authenticator, browser, id: first.json.second_step.id as string, methods: first.json.second_step.methods };
  }

  it('is offered only to an account with a passkey', async () => {
    await steps.turnOn(tokens.access);
    const browser = passkeyBrowser(server);
    const without = await steps.firstStep(PHONE, browser);
    expect(without.json.second_step.methods).toEqual(['totp', 'recovery']);
    const refused = await browser.call('POST', OPTIONS, { id: without.json.second_step.id });
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0].error).toBe('passkey_not_valid');
    await keys.register(tokens.access);
    const withOne = await steps.firstStep(PHONE, passkeyBrowser(server));
    expect(withOne.json.second_step.methods).toEqual(['totp', 'recovery', 'passkey']);
  });

  it('lists the account’s own passkeys, finishes the sign-in with one, and keeps its counter', async () => {
    const { authenticator, browser, id, methods } = await halfDone();
    expect(methods).toContain('passkey');
    const options = await browser.call('POST', OPTIONS, { id });
    expect(options.status).toBe(200);
    expect(options.json.allowCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentialId, type: 'public-key' }),
    ]);
    const done = await browser.call('POST', SECOND_STEP, {
      id,
      method: 'passkey',
      credential: authenticator.assert(options.json),
    });
    expect(done.status).toBe(200);
    expect(await steps.works(done.json)).toEqual({ access: 200, refresh: 200 });
    const events = (await steps.events(done.json.access)).json.results as { type: string; details: object }[];
    expect(events.find((event) => event.type === 'login')?.details).toMatchObject({
      method: 'password',
      second: 'passkey',
    });
    const listed = await server.call('GET', PASSKEYS, { token: tokens.access });
    expect(listed.json.passkeys[0].last_used_at).not.toBeNull();
    // The counter was kept: the same answer's counter again is one that did not grow.
    const later = passkeyBrowser(server);
    const again = await steps.firstStep(PHONE, later);
    const stale = { ...authenticator, assert: (o: { challenge: string }) => authenticator.assert(o, { counter: 2 }) };
    const refused = await answer(later, again.json.second_step.id, stale);
    expect(refused.status).toBe(400);
    expect(refused.json.errors[0].error).toBe('passkey_not_valid');
  });

  it('refuses a passkey of another account, and counts it as a wrong code', async () => {
    const other = await server.registerByPhone(OTHER_PHONE);
    const { authenticator: theirs } = await keys.register(other.access);
    const { authenticator: mine, browser, id } = await halfDone();
    for (let attempt = 0; attempt < SECOND_STEP_MAX_ATTEMPTS; attempt += 1) {
      const refused = await answer(browser, id, theirs);
      expect(refused.status).toBe(400);
      expect(refused.json.errors[0].error).toBe('passkey_not_valid');
    }
    const spent = await answer(browser, id, mine);
    expect(spent.status).toBe(400);
    expect(spent.json.errors[0].error).toBe('code_attempts_exceeded');
  });

  it('refuses options and answers from another browser than the half-done sign-in’s', async () => {
    const { authenticator, browser, id } = await halfDone();
    const elsewhere = passkeyBrowser(server);
    await elsewhere.call('POST', `${PASSKEY_LOGIN}options/`);
    const options = await elsewhere.call('POST', OPTIONS, { id });
    expect(options.status).toBe(400);
    expect(options.json.errors[0].error).toBe('second_step_not_valid');
    // Options asked in the right browser, answered from another: the challenge is not that browser's.
    const mine = await browser.call('POST', OPTIONS, { id });
    const credential = authenticator.assert(mine.json);
    expect(elsewhere.cookie).not.toBe('');
    const across = await elsewhere.call('POST', SECOND_STEP, { id, method: 'passkey', credential });
    expect(across.status).toBe(400);
    expect((await browser.call('POST', SECOND_STEP, { id, method: 'passkey', credential })).status).toBe(200);
  });

  it('is not offered after a passkey sign-in that asked for the second step', async () => {
    await steps.turnOn(tokens.access);
    const { authenticator } = await keys.register(tokens.access);
    const browser = passkeyBrowser(server);
    const presenceOnly = await keys.signIn(authenticator, browser, { userVerified: false });
    expect(presenceOnly.json.second_step.methods).toEqual(['totp', 'recovery']);
    const refused = await browser.call('POST', OPTIONS, { id: presenceOnly.json.second_step.id });
    expect(refused.json.errors[0].error).toBe('passkey_not_valid');
  });
});
