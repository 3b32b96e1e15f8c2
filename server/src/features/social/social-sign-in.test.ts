/**
 * Social sign-in over the test server with fake provider clients (test-support/social.ts): a new
 * account, the same identity again, the pending phone confirmation, the flow's binding to the browser
 * (state mismatch, reuse, expiry, another browser), Apple's form_post and Telegram's fields.
 */
import { describe, expect, it } from 'vitest';
import { SOCIAL_PATH_NAMES } from '../../contract/social.js';
import { fakeProviders, finishFlow, identity, signInWith, SOCIAL, startFlow } from '../../test-support/social.js';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const providers = fakeProviders();
const server = useTestServer({ providerClients: providers.clients });

const GOOGLE_PERSON = identity('google', 'g-100', {
  email: 'aziz@example.uz',
  emailVerified: true,
  display: 'aziz@example.uz',
});

describe('the offered providers', () => {
  it('lists the providers that have a client, in the sign-in page’s order, cacheable briefly', async () => {
    const answer = await server.call('GET', `${SOCIAL}/providers/`);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      providers: ['google', 'oneid', 'telegram', 'yandex', 'vk', 'facebook', 'apple', 'twitter'],
    });
    expect(answer.headers.get('cache-control')).toBe('public, max-age=300');
  });
});

describe('beginning a flow', () => {
  it('answers the provider’s address with a fresh state and nonce, and binds the flow to the browser by a narrow cookie', async () => {
    const started = await server.post(`${SOCIAL}/Google/Login/`, {});
    expect(started.status).toBe(200);
    const url = new URL(started.json.url);
    expect(url.host).toBe('google.provider.test');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cookie = started.headers.getSetCookie().find((line) => line.startsWith('kirish_social_flow=')) ?? '';
    expect(cookie).toMatch(
      /^kirish_social_flow=[A-Za-z0-9_-]{43}; Max-Age=600; Path=\/sso\/api\/v1\/SocialAuth\/; HttpOnly; SameSite=Lax$/,
    );

    const again = await startFlow(server, 'google');
    expect(again.state).not.toBe(url.searchParams.get('state'));
  });

  it('refuses a provider that is not offered, and a path that is no provider’s', async () => {
    const only = fakeProviders(['google']);
    const { createTestServer } = await import('../../test-support/test-server.js');
    const other = await createTestServer({ providerClients: only.clients });
    try {
      expect((await other.call('GET', `${SOCIAL}/providers/`)).json).toEqual({ providers: ['google'] });
      const refused = await other.post(`${SOCIAL}/${SOCIAL_PATH_NAMES.apple}/Login/`, {});
      expect(refused.status).toBe(400);
      expect(refused.json).toEqual({ errors: [{ error: 'social_provider_unavailable' }] });
    } finally {
      await other.close();
    }
    expect((await server.post(`${SOCIAL}/Myspace/Login/`, {})).status).toBe(404);
  });
});

describe('a new identity', () => {
  it('makes an account of kind 0 without a phone, signs it in as a password sign-in does, and the same identity signs it in again', async () => {
    providers.vouch('google-token-1', GOOGLE_PERSON);
    const flow = await startFlow(server, 'google');
    // The headers a password sign-in reads (docs/api.md, Headers read) are read here alike.
    const result = await finishFlow(server, 'google', flow, 'google-token-1', {
      source: 'web',
      'kirish-Source': 'market.uz',
      OauthClientId: 'market-web',
      'user-agent': 'Mozilla/5.0 Test',
    });
    expect(result.status, result.text).toBe(200);
    expect(result.json).toMatchObject({ has_phone: false, user_uuid: expect.any(String), access: expect.any(String) });
    const user = await server.storage.users.findById(result.json.user_uuid);
    expect(user).toMatchObject({
      registrationKind: 0,
      phone: null,
      email: 'aziz@example.uz',
      emailVerified: true,
      passwordHash: null,
      firstName: 'Aziz',
      lastName: 'Karimov',
    });
    const [session] = await server.storage.sessionHistory.listByUser(result.json.user_uuid);
    expect(session).toMatchObject({
      id: result.json.session,
      kind: 'sso',
      ip: '203.0.113.7',
      source: 'web',
      productSource: 'market.uz',
      oauthClientId: 'market-web',
      userAgent: 'Mozilla/5.0 Test',
      // Remembered, as the page that keeps it in the device's chooser says (docs/decisions.md).
      save: true,
    });
    const events = await server.storage.auditLog.list(result.json.user_uuid, 0, 10);
    expect(events.map((event) => [event.type, event.details])).toEqual(
      expect.arrayContaining([
        ['login', { method: 'google' }],
        ['social_linked', { provider: 'google' }],
        ['registered', { provider: 'google' }],
      ]),
    );

    providers.vouch('google-token-2', GOOGLE_PERSON);
    const again = await signInWith(server, 'google', 'google-token-2');
    expect(again.result.status).toBe(200);
    expect(again.result.json.user_uuid).toBe(result.json.user_uuid);
    expect(again.result.json.session).not.toBe(result.json.session);
    expect((await server.storage.sessions.findById(again.result.json.session))?.save).toBe(true);
  });

  it('names the provider as the sign-in’s method on the sessions page', async () => {
    providers.vouch('vk-m1', identity('vk', 'vk-m1'));
    const { result } = await signInWith(server, 'vk', 'vk-m1');
    const sessions = await server.call('GET', `${V1}/user/sessions/`, { token: result.json.access });
    expect(sessions.status, sessions.text).toBe(200);
    expect(sessions.json).toEqual([expect.objectContaining({ id: result.json.session, method: 'vk', current: true })]);
  });

  it('signs a deactivated account in as a password sign-in does (the SPA then offers to restore it)', async () => {
    providers.vouch('fb-1', identity('facebook', 'fb-1'));
    const first = (await signInWith(server, 'facebook', 'fb-1')).result.json;
    const now = server.clock.now();
    await server.storage.deactivation.set(first.user_uuid, { inactivatedAt: now, eraseAt: now + 1000 }, now);
    providers.vouch('fb-2', identity('facebook', 'fb-1'));
    const again = await signInWith(server, 'facebook', 'fb-2');
    expect(again.result.status).toBe(200);
    expect(again.result.json.user_uuid).toBe(first.user_uuid);
  });

  it('keeps an e-mail the provider did not verify off the new account', async () => {
    providers.vouch('x-code', identity('twitter', 'x-1', { email: 'someone@example.uz', emailVerified: false }));
    const { result } = await signInWith(server, 'twitter', 'x-code');
    expect(result.status, result.text).toBe(200);
    expect(await server.storage.users.findById(result.json.user_uuid)).toMatchObject({
      email: null,
      registrationKind: 0,
    });
  });

  it('confirms the pending account’s phone with a social_login code, and then has a phone', async () => {
    providers.vouch('tg-1', identity('telegram', 'tg-1'));
    const { result } = await signInWith(server, 'telegram', 'tg-1');
    expect(result.json.has_phone).toBe(false);
    const token = result.json.access;
    const phone = '+998901112233';
    const sent = await server.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'social_login', phone }, { token });
    expect(sent.status, sent.text).toBe(200);
    const code = await server.lastCode(phone);
    const checked = await server.post(
      `${V1}/auth/CheckAuthSmsVerification/`,
      { type: 'social_login', phone, code },
      { token },
    );
    expect(checked.status, checked.text).toBe(200);
    const confirmed = await server.post(
      `${SOCIAL}/ConfirmPhone/`,
      { phone, request_id: checked.json.request_id },
      { token },
    );
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.json).toEqual({ has_phone: true });
    expect((await server.storage.users.findById(result.json.user_uuid))?.phone).toBe(phone);

    // Signed in again, the token response says so.
    providers.vouch('tg-1b', identity('telegram', 'tg-1'));
    expect((await signInWith(server, 'telegram', 'tg-1b')).result.json.has_phone).toBe(true);
    // A second phone is not confirmed this way.
    const refused = await server.post(
      `${V1}/auth/SendAuthSmsVerification/`,
      { type: 'social_login', phone: '+998901112244' },
      { token },
    );
    expect(refused.status).toBe(400);
  });

  it('refuses to send a code to a phone another account holds: no SMS goes out', async () => {
    const phone = '+998907778899';
    await server.registerByPhone(phone);
    providers.vouch('vk-1', identity('vk', 'vk-1'));
    const { result } = await signInWith(server, 'vk', 'vk-1');
    const outboxBefore = await server.storage.outbox.list(100);

    const refused = await server.post(
      `${V1}/auth/SendAuthSmsVerification/`,
      { type: 'social_login', phone },
      { token: result.json.access },
    );
    expect(refused.status).toBe(400);
    expect(refused.json).toEqual({ errors: [{ error: 'user_exists_with_phone_phone', field: 'phone' }] });
    expect(await server.storage.outbox.list(100)).toEqual(outboxBefore);
    expect((await server.storage.users.findById(result.json.user_uuid))?.phone).toBeNull();
  });

  it('refuses at ConfirmPhone a phone another account took after its code was sent', async () => {
    providers.vouch('vk-1', identity('vk', 'vk-1'));
    const { result } = await signInWith(server, 'vk', 'vk-1');
    const token = result.json.access;
    const phone = '+998907778899';
    const sent = await server.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'social_login', phone }, { token });
    expect(sent.status).toBe(200);
    const code = await server.lastCode(phone);
    const checked = await server.post(
      `${V1}/auth/CheckAuthSmsVerification/`,
      { type: 'social_login', phone, code },
      { token },
    );
    expect(checked.status).toBe(200);
    await server.registerByPhone(phone);
    const confirmed = await server.post(
      `${SOCIAL}/ConfirmPhone/`,
      { phone, request_id: checked.json.request_id },
      { token },
    );
    expect(confirmed.status).toBe(400);
    expect(confirmed.json).toEqual({ errors: [{ error: 'user_exists_with_phone_phone', field: 'phone' }] });
    expect((await server.storage.users.findById(result.json.user_uuid))?.phone).toBeNull();
  });
});

describe('the flow’s binding', () => {
  const mismatch = { errors: [{ error: 'social_state_mismatch' }] };

  it('refuses another state, a state used already, an expired flow and another browser’s cookie — without asking the provider', async () => {
    providers.vouch('y-1', identity('yandex', 'y-1'));
    const flow = await startFlow(server, 'yandex');
    const before = providers.seen.length;
    expect((await finishFlow(server, 'yandex', { ...flow, state: 'not-the-state' }, 'y-1')).json).toEqual(mismatch);
    const stranger = await startFlow(server, 'yandex');
    expect((await finishFlow(server, 'yandex', { ...flow, cookie: stranger.cookie }, 'y-1')).json).toEqual(mismatch);
    expect((await finishFlow(server, 'yandex', { ...flow, cookie: '' }, 'y-1')).json).toEqual(mismatch);
    expect(providers.seen.length).toBe(before);

    expect((await finishFlow(server, 'yandex', flow, 'y-1')).status).toBe(200);
    const reused = await finishFlow(server, 'yandex', flow, 'y-1');
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual(mismatch);

    const late = await startFlow(server, 'yandex');
    server.clock.advanceSeconds(600);
    expect((await finishFlow(server, 'yandex', late, 'y-1')).json).toEqual(mismatch);
  });

  it('refuses an X callback whose state differs, and never hands X the flow’s verifier for it', async () => {
    providers.vouch('x-3', identity('twitter', 'x-3'));
    const flow = await startFlow(server, 'twitter');
    const before = providers.seen.length;
    const other = await finishFlow(server, 'twitter', { ...flow, state: `${flow.state}x` }, 'x-3');
    expect([other.status, other.json]).toEqual([400, mismatch]);
    expect(providers.seen.length).toBe(before);
    // The flow itself is still whole: its own state finishes it.
    expect((await finishFlow(server, 'twitter', flow, 'x-3')).status).toBe(200);
  });

  it('refuses a state begun for another provider, and passes on the provider’s refusal as its key', async () => {
    const flow = await startFlow(server, 'vk');
    expect((await finishFlow(server, 'facebook', flow, 'anything')).json).toEqual(mismatch);
    const refused = await signInWith(server, 'facebook', 'a-token-nobody-vouched-for');
    expect(refused.result.status).toBe(400);
    expect(refused.result.json).toEqual({ errors: [{ error: 'social_token_invalid' }] });
  });

  it('hands the client the flow’s own nonce and verifier, which the browser never saw', async () => {
    providers.vouch('x-2', identity('twitter', 'x-2'));
    const flow = await startFlow(server, 'twitter');
    await finishFlow(server, 'twitter', flow, 'x-2');
    const call = providers.seen.at(-1);
    expect(call?.flow.state).toBe(flow.state);
    expect(call?.flow.codeVerifier).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(flow.url).not.toContain(call?.flow.codeVerifier);
  });
});

describe('Apple and Telegram', () => {
  it('takes Apple’s form_post, keeps its first-time user with the flow and sends the browser on with 303', async () => {
    const flow = await startFlow(server, 'apple');
    const user = JSON.stringify({
      name: { firstName: 'Malika', lastName: 'Rahimova' },
      email: 'm@privaterelay.appleid.com',
    });
    const posted = await server.call('POST', '/oauth/apple', {
      rawBody: new URLSearchParams({ code: 'apple-code', state: flow.state, user }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/oauth/apple?code=apple-code&state=${flow.state}`);

    providers.vouch('apple-code', identity('apple', 'apple-1'));
    const finished = await finishFlow(server, 'apple', flow, 'apple-code');
    expect(finished.status, finished.text).toBe(200);
    expect(providers.seen.at(-1)?.input).toEqual({
      kind: 'code',
      code: 'apple-code',
      appleUser: { firstName: 'Malika', lastName: 'Rahimova', email: 'm@privaterelay.appleid.com' },
    });
  });

  it('hands Telegram’s client every signed field but Kirish’s own state', async () => {
    providers.vouch('555', identity('telegram', '555'));
    const flow = await startFlow(server, 'telegram');
    const query = new URLSearchParams({
      id: '555',
      first_name: 'Aziz',
      auth_date: '1700000000',
      hash: 'ff',
      state: flow.state,
    });
    const answer = await server.call('GET', `${SOCIAL}/TelegramLogin/?${query}`, { headers: { cookie: flow.cookie } });
    expect(answer.status, answer.text).toBe(200);
    expect(providers.seen.at(-1)?.input).toEqual({
      kind: 'fields',
      fields: { id: '555', first_name: 'Aziz', auth_date: '1700000000', hash: 'ff' },
    });
  });
});
