/**
 * The `integration` step (issue 36): an identity whose phone or e-mail belongs to an existing account
 * is never linked silently; it is linked once that account is proven by its password (counted as a
 * password sign-in is) or by a `social_login` code, in the browser that began it. OneID never joins
 * an account whose verified PINFL is another's.
 */
import { describe, expect, it } from 'vitest';
import { fakeProviders, identity, signInWith, SOCIAL } from '../../test-support/social.js';
import { STRONG_PASSWORD, useTestServer, V1 } from '../../test-support/test-server.js';

const providers = fakeProviders();
const server = useTestServer({ providerClients: providers.clients });

const PHONE = '+998935554433';

/** An account with a password and PHONE, and a Google identity that carries the same phone. */
async function matchingIdentity() {
  const account = await server.registerByPhone(PHONE);
  providers.vouch('g-token', identity('google', 'g-7', { phone: '998935554433', phoneVerified: true }));
  const { flow, result } = await signInWith(server, 'google', 'g-token');
  return { account, flow, result };
}

describe('an identity whose phone or e-mail belongs to an account', () => {
  it('opens the integration step instead of linking or signing in', async () => {
    const { account, result } = await matchingIdentity();
    expect(result.status, result.text).toBe(200);
    expect(result.json).toEqual({
      integration: {
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        provider: 'google',
        contact: expect.stringContaining('33'),
        contact_type: 'phone',
        has_password: true,
      },
    });
    expect(result.json.access).toBeUndefined();
    expect(await server.storage.linkedIdentities.find('google', 'g-7')).toBeUndefined();
    expect(await server.storage.sessionHistory.listByUser(account.user_uuid)).toHaveLength(1);
  });

  it('matches a verified e-mail whether or not the provider verified it', async () => {
    const email = 'owner@example.uz';
    const requestId = await server.verify({ email });
    const registered = await server.post('/sso/api/v2/register/RegisterUser/', {
      request_id: requestId,
      password: STRONG_PASSWORD,
      first_name: 'Dilnoza',
      last_name: 'Yusupova',
      kind: 1,
      email,
    });
    expect(registered.status, registered.text).toBe(201);
    providers.vouch('fb-code', identity('facebook', 'fb-1', { email, emailVerified: false }));
    const { result } = await signInWith(server, 'facebook', 'fb-code');
    expect(result.json.integration).toMatchObject({ contact_type: 'email', provider: 'facebook' });
    expect(await server.storage.linkedIdentities.find('facebook', 'fb-1')).toBeUndefined();
  });

  it('links and signs the account in once its password is given', async () => {
    const { account, flow, result } = await matchingIdentity();
    const token = result.json.integration.token;
    const proven = await server.post(
      `${SOCIAL}/Integration/`,
      { token, password: STRONG_PASSWORD },
      { headers: { cookie: flow.cookie } },
    );
    expect(proven.status, proven.text).toBe(200);
    expect(proven.json).toMatchObject({ user_uuid: account.user_uuid, has_phone: true });
    expect(await server.storage.linkedIdentities.find('google', 'g-7')).toMatchObject({ userId: account.user_uuid });

    // Used once; and the identity now signs the account in directly.
    const again = await server.post(
      `${SOCIAL}/Integration/`,
      { token, password: STRONG_PASSWORD },
      { headers: { cookie: flow.cookie } },
    );
    expect(again.json).toEqual({ errors: [{ error: 'social_state_mismatch' }] });
    providers.vouch('g-token-2', identity('google', 'g-7', { phone: '998935554433' }));
    expect((await signInWith(server, 'google', 'g-token-2')).result.json.user_uuid).toBe(account.user_uuid);
  });

  it('counts a wrong password as the login lockout counts, and links nothing', async () => {
    const { flow, result } = await matchingIdentity();
    const token = result.json.integration.token;
    const headers = { cookie: flow.cookie };
    for (let i = 0; i < 3; i += 1) {
      const wrong = await server.post(`${SOCIAL}/Integration/`, { token, password: 'not-the-password' }, { headers });
      expect(wrong.json).toEqual({ errors: [{ error: 'invalid_credentials' }] });
    }
    // The fourth try waits, at the integration step and at the sign-in page alike.
    const locked = await server.post(`${V1}/login/LoginUser/`, { phone: PHONE, password: STRONG_PASSWORD });
    expect(locked.status).toBe(429);
    const lockedHere = await server.post(`${SOCIAL}/Integration/`, { token, password: STRONG_PASSWORD }, { headers });
    expect(lockedHere.status).toBe(429);
    expect(await server.storage.linkedIdentities.find('google', 'g-7')).toBeUndefined();
  });

  it('links once a social_login code sent to the account’s phone is given', async () => {
    const { account, flow, result } = await matchingIdentity();
    const token = result.json.integration.token;
    const headers = { cookie: flow.cookie };
    const sent = await server.post(`${SOCIAL}/Integration/code/`, { token }, { headers });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.json).toMatchObject({ message: 'code_send_to_phone', expires_in: 300 });
    const code = await server.lastCode(PHONE);
    const proven = await server.post(`${SOCIAL}/Integration/`, { token, code }, { headers });
    expect(proven.status, proven.text).toBe(200);
    expect(proven.json.user_uuid).toBe(account.user_uuid);
    const events = await server.storage.auditLog.list(account.user_uuid, 0, 20);
    expect(events.map((event) => [event.type, event.details])).toEqual(
      expect.arrayContaining([
        ['social_linked', { provider: 'google' }],
        ['login', { method: 'google' }],
      ]),
    );
  });

  it('refuses the pending link in another browser', async () => {
    const { result } = await matchingIdentity();
    const token = result.json.integration.token;
    const stranger = await signInWith(server, 'google', 'nobody-vouched');
    const other = { cookie: stranger.flow.cookie };
    expect((await server.post(`${SOCIAL}/Integration/code/`, { token }, { headers: other })).json).toEqual({
      errors: [{ error: 'social_state_mismatch' }],
    });
    expect(
      (await server.post(`${SOCIAL}/Integration/`, { token, password: STRONG_PASSWORD }, { headers: other })).json,
    ).toEqual({ errors: [{ error: 'social_state_mismatch' }] });
  });
});

describe('OneID', () => {
  it('is never joined to a verified account of another PINFL', async () => {
    const account = await server.registerByPhone(PHONE);
    await server.storage.users.setStateVerified(
      account.user_uuid,
      { pinfl: '11111111111111', firstName: 'Dilnoza', lastName: 'Yusupova', birthDate: null },
      server.clock.now(),
    );
    providers.vouch(
      'oneid-code',
      identity('oneid', 'one-1', {
        phone: '998935554433',
        pinfl: '22222222222222',
        firstName: 'Dilnoza',
        lastName: 'Yusupova',
      }),
    );
    const { result } = await signInWith(server, 'oneid', 'oneid-code');
    expect(result.status).toBe(400);
    expect(result.json).toEqual({ errors: [{ error: 'oneid_identity_mismatch' }] });
    expect(await server.storage.linkedIdentities.find('oneid', 'one-1')).toBeUndefined();
  });

  it('sends a PINFL that has an account to that account’s integration step, not to a second account', async () => {
    const account = await server.registerByPhone(PHONE);
    const record = { pinfl: '44444444444444', firstName: 'Dilnoza', lastName: 'Yusupova', birthDate: null };
    await server.storage.users.setStateVerified(account.user_uuid, record, server.clock.now());
    providers.vouch('oneid-again', identity('oneid', 'one-new-subject', { ...record }));
    const { result } = await signInWith(server, 'oneid', 'oneid-again');
    expect(result.json.integration).toMatchObject({ provider: 'oneid', contact_type: 'phone' });
  });

  it('makes a new account verified, with its PINFL and the state’s names', async () => {
    providers.vouch(
      'oneid-new',
      identity('oneid', 'one-2', {
        pinfl: '33333333333333',
        firstName: 'Bekzod',
        lastName: 'Olimov',
        birthDate: '1991-02-03',
      }),
    );
    const { result } = await signInWith(server, 'oneid', 'oneid-new');
    expect(result.status, result.text).toBe(200);
    expect(await server.storage.users.findById(result.json.user_uuid)).toMatchObject({
      verificationStatus: 'verified',
      pinfl: '33333333333333',
      firstName: 'Bekzod',
      birthDate: '1991-02-03',
      registrationKind: 0,
    });
  });
});
