/**
 * A passkey inside a partner's frame (issue 41; WebAuthn L3 §5.8.1, §5.10.5, §7.2 steps 13-14): the
 * widget's cross-origin iframe signs client data with `crossOrigin: true` and `topOrigin` the
 * partner's page. Taken for a sign-in whose options named the embed's client, and only from one of
 * that client's web origins; never without a client, without a top origin, or at registration.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { testClient } from '../../test-support/clients.js';
import { PASSKEY_LOGIN, PASSKEYS, passkeyBrowser, passkeySteps } from '../../test-support/passkeys.js';
import { useSecurityTests } from '../../test-support/security.js';
import {
  softwareAuthenticator,
  type CeremonyTweaks,
  type SoftwareAuthenticator,
} from '../../test-support/software-authenticator.js';

const PHONE = '+998901234569';
const SHOP = 'https://shop.example.uz';

describe('a passkey in a partner’s frame', () => {
  const { server, tokens } = useSecurityTests(PHONE);
  const steps = passkeySteps(server);

  beforeEach(async () => {
    await server.storage.clients.upsert(
      testClient(server.clock.now(), { id: 'shop-app', name: 'Shop', webOrigins: [SHOP] }),
    );
  });

  /** Options asked for with `body` (the embed's client, or nothing), answered from the frame `tweaks` say. */
  async function signInFramed(authenticator: SoftwareAuthenticator, body: object | undefined, tweaks: CeremonyTweaks) {
    const browser = passkeyBrowser(server);
    const options = await browser.call('POST', `${PASSKEY_LOGIN}options/`, body);
    expect(options.status).toBe(200);
    return browser.call('POST', PASSKEY_LOGIN, { credential: authenticator.assert(options.json, tweaks), save: true });
  }

  it('signs in from a frame on a web origin of the client the embed named', async () => {
    const { authenticator } = await steps.register(tokens.access);
    const framed = await signInFramed(authenticator, { client_id: 'shop-app' }, { frame: { topOrigin: SHOP } });
    expect(framed.status).toBe(200);
    expect(framed.json.user_uuid).toBe(tokens.user_uuid);
    // The same options call also takes the account site's own, unframed answer.
    expect((await signInFramed(authenticator, { client_id: 'shop-app' }, {})).status).toBe(200);
  });

  it('refuses a frame on another origin, or one that names no top origin', async () => {
    const { authenticator } = await steps.register(tokens.access);
    for (const frame of [{ topOrigin: 'https://evil.example' }, { topOrigin: 'https://shop.example.uz:8443' }, {}]) {
      const answer = await signInFramed(authenticator, { client_id: 'shop-app' }, { frame });
      expect(answer.status).toBe(400);
      expect(answer.json.errors[0].error).toBe('passkey_not_valid');
    }
  });

  it('refuses any frame when the options named no client, and an unknown client at the options', async () => {
    const { authenticator } = await steps.register(tokens.access);
    const unnamed = await signInFramed(authenticator, undefined, { frame: { topOrigin: SHOP } });
    expect(unnamed.status).toBe(400);
    expect(unnamed.json.errors[0].error).toBe('passkey_not_valid');
    const unknown = await passkeyBrowser(server).call('POST', `${PASSKEY_LOGIN}options/`, { client_id: 'no-such-app' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.errors[0]).toMatchObject({ error: 'invalid_client', field: 'client_id' });
  });

  it('never registers a passkey from a cross-origin frame', async () => {
    const browser = passkeyBrowser(server);
    const proof = await steps.proofByPassword(tokens.access);
    const options = await browser.call('POST', `${PASSKEYS}registration/options/`, { proof }, tokens.access);
    const credential = softwareAuthenticator(server.config.publicUrl).register(options.json, {
      frame: { topOrigin: SHOP },
    });
    const answer = await browser.call('POST', `${PASSKEYS}registration/`, { credential }, tokens.access);
    expect(answer.status).toBe(400);
    expect(answer.json.errors[0].error).toBe('passkey_not_valid');
    expect((await server.call('GET', PASSKEYS, { token: tokens.access })).json.passkeys).toEqual([]);
  });
});
