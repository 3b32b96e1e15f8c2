/**
 * Two-step verification over the API (issue 41): an authenticator app turned on by a first code, the
 * second step of a password or code sign-in, its limits (a code of a used step, a recovery code used
 * twice, wrong codes, another browser, past its lifetime), new recovery codes and turning it off.
 */
import { describe, expect, it } from 'vitest';
import { OTP_RESEND_COOLDOWN_SECONDS, SECOND_STEP_MAX_ATTEMPTS, SECOND_STEP_TTL_SECONDS } from '../../config/policy.js';
import { totpCodeAt } from '../../lib/totp.js';
import { passkeyBrowser, passkeySteps } from '../../test-support/passkeys.js';
import { useSecurityTests } from '../../test-support/security.js';
import { V1 } from '../../test-support/test-server.js';
import { SECOND_STEP, TWO_STEP, twoStepSteps } from '../../test-support/two-step.js';

const PHONE = '+998901234568';

describe('two-step verification', () => {
  const { server, tokens } = useSecurityTests(PHONE);
  const steps = twoStepSteps(server);
  const keys = passkeySteps(server);
  /** The texts of the notices (messages with no code) the dev outbox holds for `to`. */
  const noticesTo = async (to: string) =>
    (await server.storage.outbox.list(100)).filter((m) => m.recipient === to && !m.code).map((m) => m.text);

  it('is turned on by a first code of the app, with 10 recovery codes shown once', async () => {
    const proof = await steps.proofByPassword(tokens.access);
    const setup = await server.post(`${TWO_STEP}totp/`, { proof }, { token: tokens.access });
    expect(setup.json.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    const wrong = await server.post(`${TWO_STEP}totp/confirm/`, { code: '000000' }, { token: tokens.access });
    expect(wrong.json.errors[0].error).toBe('code_not_valid');
    const code = totpCodeAt(setup.json.secret, server.clock.now());
    const confirmed = await server.post(`${TWO_STEP}totp/confirm/`, { code }, { token: tokens.access });
    expect(confirmed.status).toBe(200);
    expect(confirmed.json.recovery_codes).toHaveLength(10);
    expect(new Set(confirmed.json.recovery_codes).size).toBe(10);
    const status = await server.call('GET', TWO_STEP, { token: tokens.access });
    expect(status.json).toEqual({ enabled: true, recovery_codes_left: 10 });
    const events = (await steps.events(tokens.access)).json.results as { type: string }[];
    expect(events.map((event) => event.type)).toContain('two_step_enabled');
  });

  it('answers a password alone with the second step and no token, and signs in after the app’s code', async () => {
    const { secret } = await steps.turnOn(tokens.access);
    const browser = passkeyBrowser(server);
    const first = await steps.firstStep(PHONE, browser);
    expect(first.status).toBe(200);
    expect(first.json.access).toBeUndefined();
    expect(first.json.refresh).toBeUndefined();
    expect(first.json.second_step.methods).toEqual(['totp', 'recovery']);
    expect(first.headers.getSetCookie().some((line) => line.includes('_device='))).toBe(false);
    expect(first.headers.get('set-login')).toBeNull();
    const done = await browser.call('POST', SECOND_STEP, {
      id: first.json.second_step.id,
      method: 'totp',
      code: steps.nextCode(secret),
    });
    expect(done.status).toBe(200);
    expect(await steps.works(done.json)).toEqual({ access: 200, refresh: 200 });
    const events = (await steps.events(done.json.access)).json.results as { type: string; details: object }[];
    expect(events.find((event) => event.type === 'login')?.details).toMatchObject({
      method: 'password',
      second: 'totp',
    });
  });

  it('asks a one-time-code sign-in for the second step too', async () => {
    await steps.turnOn(tokens.access);
    server.clock.advanceSeconds(OTP_RESEND_COOLDOWN_SECONDS + 1);
    await server.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'login_sms_verification', phone: PHONE });
    const code = await server.lastCode(PHONE);
    const first = await server.post(`${V1}/login/LoginOtp/`, { phone: PHONE, code });
    expect(first.status).toBe(200);
    expect(first.json.access).toBeUndefined();
    expect(first.json.second_step.id).toEqual(expect.any(String));
  });

  it('refuses a code of a step already used: the one that confirmed the app, and one used to sign in', async () => {
    const { secret } = await steps.turnOn(tokens.access);
    const browser = passkeyBrowser(server);
    const first = await steps.firstStep(PHONE, browser);
    const sameStep = totpCodeAt(secret, server.clock.now());
    const reused = await browser.call('POST', SECOND_STEP, {
      id: first.json.second_step.id,
      method: 'totp',
      code: sameStep,
    });
    expect(reused.json.errors[0].error).toBe('code_not_valid');
    const code = steps.nextCode(secret);
    expect(
      (await browser.call('POST', SECOND_STEP, { id: first.json.second_step.id, method: 'totp', code })).status,
    ).toBe(200);
    const again = await steps.firstStep(PHONE, browser);
    const twice = await browser.call('POST', SECOND_STEP, { id: again.json.second_step.id, method: 'totp', code });
    expect(twice.json.errors[0].error).toBe('code_not_valid');
  });

  it('counts wrong codes against the half-done sign-in: past the limit even the right code is refused', async () => {
    const { secret } = await steps.turnOn(tokens.access);
    const browser = passkeyBrowser(server);
    const first = await steps.firstStep(PHONE, browser);
    const id = first.json.second_step.id as string;
    for (let attempt = 0; attempt < SECOND_STEP_MAX_ATTEMPTS; attempt++) {
      const wrong = await browser.call('POST', SECOND_STEP, { id, method: 'totp', code: '000000' });
      expect(wrong.json.errors[0].error).toBe('code_not_valid');
    }
    const spent = await browser.call('POST', SECOND_STEP, { id, method: 'totp', code: steps.nextCode(secret) });
    expect(spent.json.errors[0].error).toBe('code_attempts_exceeded');
  });

  it('takes each recovery code once, and writes its use to the log', async () => {
    const { recoveryCodes } = await steps.turnOn(tokens.access);
    const browser = passkeyBrowser(server);
    const code = (recoveryCodes[0] ?? '').toUpperCase();
    const first = await steps.firstStep(PHONE, browser);
    const done = await browser.call('POST', SECOND_STEP, { id: first.json.second_step.id, method: 'recovery', code });
    expect(done.status).toBe(200);
    const again = await steps.firstStep(PHONE, browser);
    const twice = await browser.call('POST', SECOND_STEP, { id: again.json.second_step.id, method: 'recovery', code });
    expect(twice.json.errors[0].error).toBe('code_not_valid');
    const events = (await steps.events(done.json.access)).json.results as { type: string }[];
    expect(events.map((event) => event.type)).toContain('recovery_code_used');
    expect(await noticesTo(PHONE)).toEqual([expect.stringContaining('zaxira kod ishlatildi')]);
    expect((await server.call('GET', TWO_STEP, { token: tokens.access })).json.recovery_codes_left).toBe(9);
  });

  it('refuses the second step from another browser, and past its lifetime', async () => {
    const { secret } = await steps.turnOn(tokens.access);
    const browser = passkeyBrowser(server);
    const first = await steps.firstStep(PHONE, browser);
    const id = first.json.second_step.id as string;
    // Another browser with a sign-in cookie of its own.
    const other = passkeyBrowser(server);
    await steps.firstStep(PHONE, other);
    const elsewhere = await other.call('POST', SECOND_STEP, {
      id,
      method: 'totp',
      code: steps.nextCode(secret),
    });
    expect(elsewhere.json.errors[0].error).toBe('second_step_not_valid');
    server.clock.advanceSeconds(SECOND_STEP_TTL_SECONDS);
    const late = await browser.call('POST', SECOND_STEP, { id, method: 'totp', code: steps.nextCode(secret) });
    expect(late.json.errors[0].error).toBe('second_step_not_valid');
  });

  it('makes a new set of recovery codes with a fresh proof, and turns off with one', async () => {
    const { recoveryCodes } = await steps.turnOn(tokens.access);
    const proof = await steps.proofByPassword(tokens.access);
    const renewed = await server.post(`${TWO_STEP}recovery-codes/`, { proof }, { token: tokens.access });
    expect(renewed.json.recovery_codes).toHaveLength(10);
    expect(renewed.json.recovery_codes).not.toContain(recoveryCodes[0]);
    const noProof = await server.call('DELETE', TWO_STEP, { token: tokens.access, body: { proof } });
    expect(noProof.json.errors[0].error).toBe('proof_required');
    const off = await server.call('DELETE', TWO_STEP, {
      token: tokens.access,
      body: { proof: await steps.proofByPassword(tokens.access) },
    });
    expect(off.json).toEqual({ enabled: false, recovery_codes_left: 0 });
    expect(await noticesTo(PHONE)).toEqual([expect.stringContaining('ikki bosqichli tekshiruv o‘chirildi')]);
    const plain = await steps.firstStep(PHONE);
    expect(plain.json.access).toEqual(expect.any(String));
    const events = (await steps.events(tokens.access)).json.results as { type: string }[];
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['recovery_codes_renewed', 'two_step_disabled']),
    );
  });

  it('asks a passkey sign-in without user verification for the second step, and none with it', async () => {
    const { secret } = await steps.turnOn(tokens.access);
    const { authenticator } = await keys.register(tokens.access);
    const verified = await keys.signIn(authenticator);
    expect(verified.json.access).toEqual(expect.any(String));
    const browser = passkeyBrowser(server);
    const presenceOnly = await keys.signIn(authenticator, browser, { userVerified: false });
    expect(presenceOnly.json.access).toBeUndefined();
    expect(presenceOnly.headers.getSetCookie().some((line) => line.includes('_device='))).toBe(false);
    const done = await browser.call('POST', SECOND_STEP, {
      id: presenceOnly.json.second_step.id,
      method: 'totp',
      code: steps.nextCode(secret),
    });
    expect(done.status).toBe(200);
    const events = (await steps.events(done.json.access)).json.results as { type: string; details: object }[];
    expect(events.find((event) => event.type === 'login')?.details).toMatchObject({
      method: 'passkey',
      second: 'totp',
    });
  });

  it('replaces the app only once the new one is confirmed, keeps the recovery codes, and tells the contacts', async () => {
    const { secret: old } = await steps.turnOn(tokens.access);
    const proof = await steps.proofByPassword(tokens.access);
    const setup = await server.post(`${TWO_STEP}totp/`, { proof }, { token: tokens.access });
    server.clock.advanceSeconds(30);
    const code = totpCodeAt(setup.json.secret, server.clock.now());
    const confirmed = await server.post(`${TWO_STEP}totp/confirm/`, { code }, { token: tokens.access });
    expect(confirmed.json).toEqual({ recovery_codes: null });
    expect((await server.call('GET', TWO_STEP, { token: tokens.access })).json.recovery_codes_left).toBe(10);
    expect(await noticesTo(PHONE)).toEqual([expect.stringContaining('autentifikator ilovasi almashtirildi')]);
    const oldApp = await steps.signInWithApp(PHONE, old, passkeyBrowser(server));
    expect(oldApp.json.errors[0].error).toBe('code_not_valid');
  });
});
