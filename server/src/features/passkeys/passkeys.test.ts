/**
 * Passkeys over the API (issue 41), with a software authenticator (test-support/software-authenticator.ts):
 * registering one behind a fresh proof, the list, renaming and removing, and signing in with one; and
 * each way a ceremony is refused: a challenge replayed, expired or from another browser, a wrong origin
 * or relying party id, a signature counter that went backwards.
 */
import { describe, expect, it } from 'vitest';
import { WEBAUTHN_CHALLENGE_TTL_SECONDS } from '../../config/policy.js';
import { PASSKEY_LOGIN, PASSKEYS, passkeyBrowser, passkeySteps } from '../../test-support/passkeys.js';
import { useSecurityTests } from '../../test-support/security.js';
import { softwareAuthenticator } from '../../test-support/software-authenticator.js';
import { V1 } from '../../test-support/test-server.js';
import { twoStepSteps } from '../../test-support/two-step.js';

const PHONE = '+998901234567';

describe('passkeys', () => {
  const { server, tokens } = useSecurityTests(PHONE);
  const steps = passkeySteps(server);
  const twoStep = twoStepSteps(server);

  it('registers a discoverable passkey behind a fresh proof, lists it, and signs in with it as a full sign-in', async () => {
    const { authenticator, answer } = await steps.register(tokens.access);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ id: authenticator.credentialId, last_used_at: null, backed_up: false });
    const list = await server.call('GET', PASSKEYS, { token: tokens.access });
    expect(list.json.passkeys).toHaveLength(1);

    const signedIn = await steps.signIn(authenticator);
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user_uuid).toBe(tokens.user_uuid);
    expect(signedIn.headers.getSetCookie().some((line) => line.startsWith('__Host-kirish_device='))).toBe(true);
    expect(await steps.works(signedIn.json)).toEqual({ access: 200, refresh: 200 });
    const events = (await steps.events(signedIn.json.access)).json.results as { type: string; details: object }[];
    expect(events.map((event) => event.type)).toEqual(expect.arrayContaining(['passkey_added', 'login']));
    expect(events.find((event) => event.type === 'login')?.details).toMatchObject({ method: 'passkey' });
    const after = await server.call('GET', PASSKEYS, { token: tokens.access });
    expect(after.json.passkeys[0].last_used_at).not.toBeNull();
  });

  it('asks the registration for a resident key, user verification preferred and no attestation', async () => {
    const proof = await steps.proofByPassword(tokens.access);
    const options = await passkeyBrowser(server).call(
      'POST',
      `${PASSKEYS}registration/options/`,
      { proof },
      tokens.access,
    );
    expect(options.json).toMatchObject({
      rp: { id: new URL(server.config.publicUrl).hostname },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const noProof = await passkeyBrowser(server).call(
      'POST',
      `${PASSKEYS}registration/options/`,
      { proof },
      tokens.access,
    );
    expect(noProof.status).toBe(400);
    expect(noProof.json.errors[0].error).toBe('proof_required');
  });

  it('refuses a registration from a wrong origin or for a wrong relying party id', async () => {
    for (const tweaks of [{ origin: 'https://kirish.example.com' }, { rpId: 'example.com' }]) {
      const browser = passkeyBrowser(server);
      const proof = await steps.proofByPassword(tokens.access);
      const options = await browser.call('POST', `${PASSKEYS}registration/options/`, { proof }, tokens.access);
      const credential = softwareAuthenticator(server.config.publicUrl).register(options.json, tweaks);
      const answer = await browser.call('POST', `${PASSKEYS}registration/`, { credential }, tokens.access);
      expect(answer.status).toBe(400);
      expect(answer.json.errors[0].error).toBe('passkey_not_valid');
    }
    expect((await server.call('GET', PASSKEYS, { token: tokens.access })).json.passkeys).toEqual([]);
  });

  it('refuses a sign-in from a wrong origin or for a wrong relying party id', async () => {
    const { authenticator } = await steps.register(tokens.access);
    for (const tweaks of [{ origin: 'https://kirish.example.com' }, { rpId: 'example.com' }]) {
      const answer = await steps.signIn(authenticator, passkeyBrowser(server), tweaks);
      expect(answer.status).toBe(400);
      expect(answer.json.errors[0].error).toBe('passkey_not_valid');
    }
    expect((await steps.signIn(authenticator)).status).toBe(200);
  });

  it('takes a challenge once: a replayed answer is refused', async () => {
    const { authenticator } = await steps.register(tokens.access);
    const browser = passkeyBrowser(server);
    const options = await browser.call('POST', `${PASSKEY_LOGIN}options/`);
    const credential = authenticator.assert(options.json);
    expect((await browser.call('POST', PASSKEY_LOGIN, { credential })).status).toBe(200);
    const replayed = await browser.call('POST', PASSKEY_LOGIN, { credential });
    expect(replayed.status).toBe(400);
    expect(replayed.json.errors[0].error).toBe('passkey_not_valid');
  });

  it('refuses a challenge past its lifetime', async () => {
    const { authenticator } = await steps.register(tokens.access);
    const browser = passkeyBrowser(server);
    const options = await browser.call('POST', `${PASSKEY_LOGIN}options/`);
    server.clock.advanceSeconds(WEBAUTHN_CHALLENGE_TTL_SECONDS);
    const late = await browser.call('POST', PASSKEY_LOGIN, { credential: authenticator.assert(options.json) });
    expect(late.status).toBe(400);
    expect(late.json.errors[0].error).toBe('passkey_not_valid');
  });

  it('refuses a challenge answered from another browser than the one that asked', async () => {
    const { authenticator } = await steps.register(tokens.access);
    const asking = passkeyBrowser(server);
    const options = await asking.call('POST', `${PASSKEY_LOGIN}options/`);
    const credential = authenticator.assert(options.json);
    const other = passkeyBrowser(server);
    await other.call('POST', `${PASSKEY_LOGIN}options/`);
    const elsewhere = await other.call('POST', PASSKEY_LOGIN, { credential });
    expect(elsewhere.status).toBe(400);
    // Refused elsewhere, it is still the asking browser's.
    expect((await asking.call('POST', PASSKEY_LOGIN, { credential })).status).toBe(200);
  });

  it('refuses a signature counter that went backwards, and writes it to the owner’s log', async () => {
    const { authenticator } = await steps.register(tokens.access);
    expect((await steps.signIn(authenticator)).status).toBe(200);
    expect((await steps.signIn(authenticator)).status).toBe(200);
    const cloned = await steps.signIn(authenticator, passkeyBrowser(server), { counter: 2 });
    expect(cloned.status).toBe(400);
    expect(cloned.json.errors[0].error).toBe('passkey_not_valid');
    const events = (await steps.events(tokens.access)).json.results as { type: string; details: object }[];
    expect(events.find((event) => event.type === 'passkey_counter_regressed')?.details).toMatchObject({
      stored: 3,
      reported: 2,
    });
  });

  it('takes a synced passkey, whose counter stays 0, every time', async () => {
    const synced = softwareAuthenticator(server.config.publicUrl, { synced: true });
    const { answer } = await steps.register(tokens.access, passkeyBrowser(server), synced);
    expect(answer.json.backed_up).toBe(true);
    expect((await steps.signIn(synced)).status).toBe(200);
    expect((await steps.signIn(synced)).status).toBe(200);
  });

  it('renames a passkey, and removes one only with a fresh proof', async () => {
    const { authenticator } = await steps.register(tokens.access);
    const path = `${PASSKEYS}${authenticator.credentialId}/`;
    const renamed = await server.call('PATCH', path, { token: tokens.access, body: { name: 'Work laptop' } });
    expect(renamed.json.name).toBe('Work laptop');
    const noProof = await server.call('DELETE', path, { token: tokens.access, body: { proof: 'made-up' } });
    expect(noProof.json.errors[0].error).toBe('proof_required');
    const proof = await steps.proofByPassword(tokens.access);
    expect((await server.call('DELETE', path, { token: tokens.access, body: { proof } })).status).toBe(200);
    expect((await server.call('GET', PASSKEYS, { token: tokens.access })).json.passkeys).toEqual([]);
    const gone = await steps.signIn(authenticator);
    expect(gone.status).toBe(400);
  });

  it('counts the passkeys in the login methods, and exports each with two-step’s status, no key or secret', async () => {
    const { authenticator } = await steps.register(tokens.access);
    const { secret, recoveryCodes } = await twoStep.turnOn(tokens.access);
    const methods = await server.call('GET', `${V1}/user/login-methods/`, { token: tokens.access });
    expect(methods.json.passkeys).toBe(1);
    const exported = await server.call('GET', `${V1}/user/export/`, { token: tokens.access });
    expect(exported.json.passkeys).toEqual([
      {
        id: authenticator.credentialId,
        name: expect.any(String),
        created_at: expect.any(String),
        last_used_at: null,
        backed_up: false,
      },
    ]);
    expect(exported.json.two_step).toEqual({ enabled: true, recovery_codes_left: 10 });
    const file = exported.text;
    for (const secretValue of [secret, recoveryCodes[0] as string]) expect(file).not.toContain(secretValue);
    const stored = await server.storage.passkeys.find(authenticator.credentialId);
    expect(file).not.toContain(stored?.publicKey);
  });

  it('refuses a passkey that is registered already', async () => {
    const { authenticator } = await steps.register(tokens.access);
    const again = await steps.register(tokens.access, passkeyBrowser(server), authenticator);
    expect(again.answer.status).toBe(400);
    expect(again.answer.json.errors[0].error).toBe('passkey_exists');
  });
});
