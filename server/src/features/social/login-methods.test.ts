/**
 * Linked identities on the login-methods page (issue 36): linking while signed in (the provider's flow
 * begun with `link: true`), the list, unlinking, never the last way in; the security log and the data
 * export show them.
 */
import { describe, expect, it } from 'vitest';
import { fakeProviders, finishFlow, identity, signInWith, SOCIAL, startFlow } from '../../test-support/social.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const providers = fakeProviders();
const server = useTestServer({ providerClients: providers.clients });

const METHODS = `${V1}/user/login-methods/`;

async function link(token: string, provider: 'google' | 'telegram', credential: string) {
  const flow = await startFlow(server, provider, { link: true, token });
  return finishFlow(server, provider, flow, credential);
}

describe('linking from the login-methods page', () => {
  it('links the identity to the signed-in account, lists it and logs it; it then signs that account in', async () => {
    const account = await server.registerByPhone('+998901230001');
    providers.vouch('g-link', identity('google', 'g-55', { display: 'aziz@gmail.com' }));
    const linked = await link(account.access, 'google', 'g-link');
    expect(linked.status, linked.text).toBe(200);
    expect(linked.json).toEqual({ linked: 'google' });

    const methods = await server.call('GET', METHODS, { token: account.access });
    expect(methods.json).toEqual({
      password: true,
      phone_code: true,
      email_code: false,
      social: ['google'],
      identities: [{ provider: 'google', display: 'aziz@gmail.com', linked_at: expect.any(String) }],
      passkeys: 0,
    });
    const exported = await server.call('GET', `${V1}/user/export/`, { token: account.access });
    expect(exported.json.linked_identities).toEqual(methods.json.identities);
    const events = await server.storage.auditLog.list(account.user_uuid, 0, 20);
    expect(events.find((event) => event.type === 'social_linked')?.details).toEqual({ provider: 'google' });

    providers.vouch('g-again', identity('google', 'g-55'));
    expect((await signInWith(server, 'google', 'g-again')).result.json.user_uuid).toBe(account.user_uuid);
  });

  it('refuses an identity another account has, and a start without the access token', async () => {
    providers.vouch('tg-owner', identity('telegram', 'tg-9'));
    const owner = (await signInWith(server, 'telegram', 'tg-owner')).result.json;
    const account = await server.registerByPhone('+998901230002');
    providers.vouch('tg-again', identity('telegram', 'tg-9'));
    const refused = await link(account.access, 'telegram', 'tg-again');
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ errors: [{ error: 'social_already_linked' }] });
    expect((await server.storage.linkedIdentities.find('telegram', 'tg-9'))?.userId).toBe(owner.user_uuid);

    const unsigned = await server.post(`${SOCIAL}/Telegram/Login/`, { link: true });
    expect(unsigned.status).toBe(401);
  });
});

describe('unlinking', () => {
  it('unlinks an identity while another way in remains, and logs it', async () => {
    const account = await server.registerByPhone('+998901230003');
    providers.vouch('g-x', identity('google', 'g-66'));
    await link(account.access, 'google', 'g-x');
    const unlinked = await server.call('DELETE', `${METHODS}social/google/`, { token: account.access });
    expect(unlinked.status, unlinked.text).toBe(200);
    expect(unlinked.json).toEqual({});
    expect((await server.call('GET', METHODS, { token: account.access })).json.identities).toEqual([]);
    const events = await server.storage.auditLog.list(account.user_uuid, 0, 20);
    expect(events[0]).toMatchObject({ type: 'social_unlinked', details: { provider: 'google' } });
    expect((await server.call('DELETE', `${METHODS}social/google/`, { token: account.access })).status).toBe(404);
  });

  it('refuses to unlink the last way into the account', async () => {
    providers.vouch('tg-only', identity('telegram', 'tg-only'));
    const only = (await signInWith(server, 'telegram', 'tg-only')).result.json;
    const refused = await server.call('DELETE', `${METHODS}social/telegram/`, { token: only.access });
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ errors: [{ error: 'last_sign_in_method' }] });
    expect(await server.storage.linkedIdentities.find('telegram', 'tg-only')).toBeDefined();

    // With a second identity, the first may go.
    providers.vouch('g-second', identity('google', 'g-second'));
    expect((await link(only.access, 'google', 'g-second')).json).toEqual({ linked: 'google' });
    expect((await server.call('DELETE', `${METHODS}social/telegram/`, { token: only.access })).status).toBe(200);
  });
});
