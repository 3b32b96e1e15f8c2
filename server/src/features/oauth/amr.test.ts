/**
 * How the person signed in, as a partner's ID token says it (issue 41, services/amr.ts): RFC 8176
 * `amr` for each way in, read from real ID tokens, kept through a refresh, and `auth_time` always.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../config/policy.js';
import { jwtPayload, oauthSteps } from '../../test-support/oauth.js';
import { passkeyBrowser, passkeySteps } from '../../test-support/passkeys.js';
import { softwareAuthenticator } from '../../test-support/software-authenticator.js';
import { useTestServer, V1, type CallResult } from '../../test-support/test-server.js';
import { SECOND_STEP, twoStepSteps } from '../../test-support/two-step.js';

const server = useTestServer();
const oauth = oauthSteps(server);
const passkeys = passkeySteps(server);
const twoStep = twoStepSteps(server);
const PHONE = '+998901112233';

let registered: { access: string };

beforeEach(async () => {
  await oauth.registerClients();
  registered = await oauth.signIn(PHONE);
  server.clock.advanceSeconds(OTP_RESEND_COOLDOWN_SECONDS + 1);
});

/** The claims of the ID token a partner gets for the sign-in `access` belongs to. */
async function idTokenOf(access: string, overrides: Record<string, unknown> = {}) {
  const tokens = await oauth.tokens(access, overrides);
  return { claims: jwtPayload(tokens.id_token ?? ''), tokens };
}

function accessOf(answer: CallResult): string {
  expect(answer.status, answer.text).toBe(200);
  expect(answer.json.access, answer.text).toEqual(expect.any(String));
  return answer.json.access as string;
}

async function codeSignIn(method: 'sms' | 'call'): Promise<CallResult> {
  const sent = await server.post(`${V1}/auth/SendAuthSmsVerification/`, {
    type: 'login_sms_verification',
    phone: PHONE,
    ...(method === 'call' ? { method: 'call' } : {}),
  });
  expect(sent.status, sent.text).toBe(200);
  return server.post(`${V1}/login/LoginOtp/`, { phone: PHONE, code: await server.lastCode(PHONE), save: true });
}

describe('amr in ID tokens (RFC 8176 §2)', () => {
  it('is pwd for a password, with auth_time the sign-in’s time', async () => {
    server.clock.advanceSeconds(30);
    const signedInAt = Math.floor(server.clock.now() / 1000);
    const access = accessOf(await twoStep.firstStep(PHONE));
    server.clock.advanceSeconds(90);
    const { claims } = await idTokenOf(access);
    expect(claims).toMatchObject({ amr: ['pwd'], auth_time: signedInAt });
    expect(claims).not.toHaveProperty('acr');
  });

  it('is sms for a code by SMS, tel for one by a voice call', async () => {
    expect((await idTokenOf(accessOf(await codeSignIn('sms')))).claims.amr).toEqual(['sms']);
    server.clock.advanceSeconds(OTP_RESEND_COOLDOWN_SECONDS + 1);
    expect((await idTokenOf(accessOf(await codeSignIn('call')))).claims.amr).toEqual(['tel']);
  });

  it('is otp for an account made with a one-time code just now', async () => {
    expect((await idTokenOf(registered.access)).claims.amr).toEqual(['otp']);
  });

  it('is hwk for a device-bound passkey, swk for a synced one, with user and, when the person was verified, mfa', async () => {
    const bound = softwareAuthenticator(server.config.publicUrl);
    const synced = softwareAuthenticator(server.config.publicUrl, { synced: true });
    expect((await passkeys.register(registered.access, passkeyBrowser(server), bound)).answer.status).toBe(200);
    expect((await passkeys.register(registered.access, passkeyBrowser(server), synced)).answer.status).toBe(200);

    const withBound = accessOf(await passkeys.signIn(bound));
    expect((await idTokenOf(withBound)).claims.amr).toEqual(['hwk', 'user', 'mfa']);
    const withSynced = accessOf(await passkeys.signIn(synced));
    expect((await idTokenOf(withSynced)).claims.amr).toEqual(['swk', 'user', 'mfa']);
    const unverified = accessOf(await passkeys.signIn(bound, passkeyBrowser(server), { userVerified: false }));
    expect((await idTokenOf(unverified)).claims.amr).toEqual(['hwk', 'user']);
  });

  it('adds otp and mfa for the second step, by the app’s code or a recovery code, and keeps them through a refresh', async () => {
    const { secret, recoveryCodes } = await twoStep.turnOn(registered.access);
    const browser = passkeyBrowser(server);
    const first = await twoStep.firstStep(PHONE, browser);
    const id = first.json.second_step.id as string;
    const second = await browser.call('POST', SECOND_STEP, { id, method: 'totp', code: twoStep.nextCode(secret) });
    const { claims, tokens } = await idTokenOf(accessOf(second));
    expect(claims.amr).toEqual(['pwd', 'otp', 'mfa']);

    server.clock.advanceSeconds(60);
    const refreshed = await oauth.refresh(tokens.refresh_token ?? '');
    expect(refreshed.status, refreshed.text).toBe(200);
    expect(jwtPayload(refreshed.json.id_token as string)).toMatchObject({ amr: ['pwd', 'otp', 'mfa'] });

    const again = passkeyBrowser(server);
    const viaCode = await codeSignInIn(again);
    const recovered = await again.call('POST', SECOND_STEP, {
      id: viaCode.json.second_step.id as string,
      method: 'recovery',
      code: recoveryCodes[0],
    });
    expect((await idTokenOf(accessOf(recovered))).claims.amr).toEqual(['sms', 'otp', 'mfa']);
  });

  it('is left out for a session made before amr was kept: never a guess', async () => {
    await server.db.updateTable('sessions').set({ amr: null }).execute();
    const { claims } = await idTokenOf(registered.access);
    expect(claims).not.toHaveProperty('amr');
    expect(claims.auth_time).toEqual(expect.any(Number));
  });
});

/** A code sign-in's first step in `browser` (which keeps the sign-in cookie the second step needs). */
async function codeSignInIn(browser: ReturnType<typeof passkeyBrowser>): Promise<CallResult> {
  server.clock.advanceSeconds(OTP_RESEND_COOLDOWN_SECONDS + 1);
  const sent = await server.post(`${V1}/auth/SendAuthSmsVerification/`, {
    type: 'login_sms_verification',
    phone: PHONE,
  });
  expect(sent.status, sent.text).toBe(200);
  const code = await server.lastCode(PHONE);
  const first = await browser.call('POST', `${V1}/login/LoginOtp/`, { phone: PHONE, code, save: true });
  expect(first.json.second_step?.id, first.text).toEqual(expect.any(String));
  return first;
}
