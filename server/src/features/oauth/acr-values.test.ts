/**
 * `acr_values` at the authorization endpoint (OpenID Connect Core §3.1.2.1, §5.5.1.1; errata set 2
 * §3.1.2.6 `unmet_authentication_requirements`): a sign-in with a second factor gets the code and the
 * ID token's `acr`; without one, the person signs in again (two-step on) or is asked to set it up.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MFA_ACR } from '../../services/amr.js';
import { jwtPayload, oauthSteps, PARTNER_REDIRECT, pkcePair } from '../../test-support/oauth.js';
import { passkeyBrowser } from '../../test-support/passkeys.js';
import { useTestServer, type CallResult } from '../../test-support/test-server.js';
import { SECOND_STEP, twoStepSteps } from '../../test-support/two-step.js';

const server = useTestServer();
const oauth = oauthSteps(server);
const twoStep = twoStepSteps(server);
const PHONE = '+998901112233';
const pkce = pkcePair();
let registered: { access: string };

beforeEach(async () => {
  await oauth.registerClients();
  registered = await oauth.signIn(PHONE);
});

const authorize = (access: string, overrides: Record<string, unknown> = {}) =>
  oauth.authorize(access, {
    consent: 'allow',
    ...oauth.request(pkce.challenge, { acr_values: MFA_ACR, ...overrides }),
  });

function redirectOf(answer: CallResult): URLSearchParams {
  expect(answer.status, answer.text).toBe(200);
  const url = new URL(answer.json.redirect_uri as string);
  expect(url.origin + url.pathname).toBe(PARTNER_REDIRECT);
  return url.searchParams;
}

async function idTokenOf(answer: CallResult): Promise<Record<string, unknown>> {
  const code = redirectOf(answer).get('code') ?? '';
  const tokens = await oauth.redeem({ code, verifier: pkce.verifier });
  expect(tokens.status, tokens.text).toBe(200);
  return jwtPayload(tokens.json.id_token as string);
}

/** A password and TOTP sign-in. */
async function signInWithSecondStep(secret: string): Promise<string> {
  const browser = passkeyBrowser(server);
  const started = await twoStep.firstStep(PHONE, browser);
  const id = started.json.second_step?.id as string;
  const second = await browser.call('POST', SECOND_STEP, { id, method: 'totp', code: twoStep.nextCode(secret) });
  expect(second.status, second.text).toBe(200);
  return second.json.access as string;
}

describe('acr_values', () => {
  it('is met by a sign-in with a second step: the code, and acr in the ID token', async () => {
    const { secret } = await twoStep.turnOn(registered.access);
    const access = await signInWithSecondStep(secret);
    const claims = await idTokenOf(await authorize(access));
    expect(claims).toMatchObject({ acr: MFA_ACR, amr: ['pwd', 'otp', 'mfa'] });
  });

  it('ignores values it does not know (a voluntary claim): the code, and no acr', async () => {
    const claims = await idTokenOf(await authorize(registered.access, { acr_values: 'urn:example:loa:3' }));
    expect(claims).not.toHaveProperty('acr');
  });

  it('asks an account with two-step verification on to sign in again (the fresh sign-in asks for the second step)', async () => {
    await twoStep.turnOn(registered.access);
    const answer = await authorize(registered.access);
    expect([answer.status, answer.json]).toEqual([200, { login_required: true }]);
    expect(await server.db.selectFrom('authorization_codes').selectAll().execute()).toEqual([]);
  });

  it('asks an account without a second factor to set one up, and Cancel tells the client', async () => {
    const answer = await authorize(registered.access);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.json).toMatchObject({ second_step_required: true, client: { name: 'Partner Shop' } });
    const cancelled = redirectOf(await authorize(registered.access, { consent: 'deny', deny_reason: 'unmet' }));
    expect(cancelled.get('error')).toBe('unmet_authentication_requirements');
    expect(cancelled.get('state')).toBe('state-1');
  });

  it('answers prompt=none at once with unmet_authentication_requirements, never a page', async () => {
    const query = redirectOf(await authorize(registered.access, { prompt: 'none' }));
    expect(query.get('error')).toBe('unmet_authentication_requirements');
    expect(query.get('code')).toBeNull();
  });
});
