import { beforeEach, describe, expect, it } from 'vitest';
import { useTestServer, REGISTER_PATH, STRONG_PASSWORD, V1 } from '../../test-support/test-server.js';

const server = useTestServer();
beforeEach(async () => {
  await server.registerByPhone('+998977770011', { kind: 1, email: 'unverified@example.uz' });
});

const username = (name: string, token?: string, ip?: string) =>
  server.call('GET', `${V1}/check/CheckUsername/?username=${encodeURIComponent(name)}`, {
    ...(token ? { token } : {}),
    ...(ip ? { ip } : {}),
  });
const check = (query: string) => server.call('GET', `${V1}/check/CheckUserPassword/?${query}`);
const exists = (query: string, ip?: string) =>
  server.call('GET', `${V1}/check/CheckUserExists/?${query}`, ip ? { ip } : {});

describe('CheckUserExists', () => {
  it('tells whether a phone has an account, whatever way it is typed', async () => {
    expect((await exists('phone=%2B998977770011')).json).toEqual({ exists: true });
    expect((await exists('phone=97%20777%2000%2011')).json).toEqual({ exists: true });
    expect((await exists('phone=%2B998977770012')).json).toEqual({ exists: false });
  });

  it('counts an e-mail only once it is verified', async () => {
    expect((await exists('email=unverified%40example.uz')).json).toEqual({ exists: false });
    const requestId = await server.verify({ email: 'owner@example.uz' });
    await server.post(REGISTER_PATH, {
      request_id: requestId,
      password: STRONG_PASSWORD,
      first_name: 'Olim',
      last_name: 'Qodirov',
      kind: 1,
    });
    expect((await exists('email=Owner%40Example.uz')).json).toEqual({ exists: true });
  });

  it('allows 60 checks a minute from one address, then answers 429 rate_limit_error', async () => {
    for (let i = 0; i < 60; i += 1) expect((await exists('phone=%2B998977770011', '192.0.2.80')).status).toBe(200);
    const limited = await exists('phone=%2B998977770011', '192.0.2.80');
    expect(limited.status).toBe(429);
    expect(limited.json).toEqual({ errors: [{ error: 'rate_limit_error' }] });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await exists('phone=%2B998977770011', '192.0.2.81')).status).toBe(200);
    server.clock.advanceSeconds(60);
    expect((await exists('phone=%2B998977770011', '192.0.2.80')).status).toBe(200);
  });
});

describe('CheckUserPassword', () => {
  it('says whether the account has a password, and false for no account', async () => {
    expect((await check('phone=%2B998977770011')).json).toEqual({ has_password: true });
    expect((await check('phone=%2B998977770099')).json).toEqual({ has_password: false });
  });
});

describe('CheckUsername', () => {
  it('tells a signed-in person whether a username is free, in any case, their own counting as free', async () => {
    const holder = await server.registerByPhone('+998977770021');
    const other = await server.registerByPhone('+998977770022');
    expect(
      (await server.call('PATCH', `${V1}/user/profile/`, { token: holder.access, body: { username: 'dilnoza' } }))
        .status,
    ).toBe(200);

    expect([(await username('DilNoza', other.access)).status, (await username('DilNoza', other.access)).json]).toEqual([
      200,
      { available: false },
    ]);
    expect((await username(' dilnoza.90 ', other.access)).json).toEqual({ available: true });
    expect((await username('dilnoza', holder.access)).json).toEqual({ available: true });
  });

  it.each([
    ['dil noza', 'invalid_username'],
    ['дилноза', 'invalid_username'],
    ['a'.repeat(33), 'invalid_username'],
    ['ab', 'username_min_length'],
  ])('refuses "%s" with %s beside the username', async (name, error) => {
    const tokens = await server.registerByPhone('+998977770021');
    const answer = await username(name, tokens.access);
    expect([answer.status, answer.json]).toEqual([400, { errors: [{ error, field: 'username' }] }]);
  });

  it('refuses a request without a username, or with another parameter', async () => {
    const tokens = await server.registerByPhone('+998977770021');
    const none = await server.call('GET', `${V1}/check/CheckUsername/`, { token: tokens.access });
    expect([none.status, none.json]).toEqual([400, { errors: [{ error: 'field_required', field: 'username' }] }]);
    const extra = await server.call('GET', `${V1}/check/CheckUsername/?username=dilnoza&phone=1`, {
      token: tokens.access,
    });
    expect([extra.status, extra.json]).toEqual([400, { errors: [{ error: 'unknown_field', field: 'phone' }] }]);
  });

  it('answers only a signed-in, active account', async () => {
    expect((await username('dilnoza')).status).toBe(401);
    const tokens = await server.registerByPhone('+998977770021');
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', tokens.user_uuid).execute();
    const answer = await username('dilnoza', tokens.access);
    expect([answer.status, answer.json]).toEqual([403, { errors: [{ error: 'account_inactive' }] }]);
  });

  it('shares the 60 checks a minute of an address with the other checks, then answers 429 rate_limit_error', async () => {
    const tokens = await server.registerByPhone('+998977770021');
    for (let i = 0; i < 30; i += 1) expect((await exists('phone=%2B998977770011', '192.0.2.90')).status).toBe(200);
    for (let i = 0; i < 30; i += 1) expect((await username('dilnoza', tokens.access, '192.0.2.90')).status).toBe(200);
    const limited = await username('dilnoza', tokens.access, '192.0.2.90');
    expect([limited.status, limited.json]).toEqual([429, { errors: [{ error: 'rate_limit_error' }] }]);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await username('dilnoza', tokens.access, '192.0.2.91')).status).toBe(200);
  });
});

describe('code requests for a password reset by e-mail', () => {
  it('refuses an address with no account with user_not_found_email', async () => {
    const sent = await server.post(`${V1}/auth/SendAuthEmailVerification/`, {
      type: 'forget_pass_verification',
      email: 'nobody@example.uz',
    });
    expect(sent.status).toBe(400);
    expect(sent.json).toEqual({ errors: [{ error: 'user_not_found_email', field: 'email' }] });
  });

  it('refuses an unknown delivery method with invalid_method', async () => {
    const sent = await server.post(`${V1}/auth/SendAuthSmsVerification/`, {
      type: 'login_sms_verification',
      phone: '+998977770011',
      method: 'pigeon',
    });
    expect(sent.json).toEqual({ errors: [{ error: 'invalid_method', field: 'method' }] });
  });
});
