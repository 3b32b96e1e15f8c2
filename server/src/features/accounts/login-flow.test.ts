import { beforeEach, describe, expect, it } from 'vitest';
import { STRONG_PASSWORD, useTestServer, V1, type TestServer } from '../../test-support/test-server.js';

const PHONE = '+998991234500';
const LOGIN = `${V1}/login/LoginUser/`;
const LOGIN_OTP = `${V1}/login/LoginOtp/`;

const server = useTestServer();
beforeEach(async () => {
  await server.registerByPhone(PHONE);
});

async function timedFailure(target: TestServer, phone: string): Promise<number> {
  const started = performance.now();
  await target.post(
    LOGIN,
    { phone, password: 'not-the-password' },
    { ip: `198.51.100.${Math.floor(Math.random() * 200)}` },
  );
  return performance.now() - started;
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

describe('signing in with a password', () => {
  it('returns the token response and records the source headers with the session', async () => {
    const login = await server.post(
      LOGIN,
      { phone: '+998 99 123 45 00', password: STRONG_PASSWORD, save: true },
      {
        headers: {
          source: 'mobile-web',
          'kirish-Source': 'bozor.uz',
          OauthClientId: 'kirish-demo',
          'device-id': 'dev-1',
        },
        ip: '192.0.2.44',
      },
    );
    expect(login.status).toBe(200);
    expect(Object.keys(login.json).toSorted()).toEqual(['access', 'has_phone', 'refresh', 'session', 'user_uuid']);
    const session = await server.db
      .selectFrom('sessions')
      .selectAll()
      .where('id', '=', login.json.session)
      .executeTakeFirstOrThrow();
    // The device is the hash of the HttpOnly device cookie's secret, never the Device-Id header (middleware/device-key.ts).
    expect(session).toMatchObject({
      source: 'mobile-web',
      product_source: 'bozor.uz',
      oauth_client_id: 'kirish-demo',
      device_id: expect.stringMatching(/^[\w-]{43}$/),
      ip: '192.0.2.44',
      save: 1,
    });
    expect(login.headers.get('cache-control')).toBe('no-store');
  });

  it('gives the same answer for an unknown account and a wrong password', async () => {
    const wrong = await server.post(LOGIN, { phone: PHONE, password: 'not-the-password' });
    const unknown = await server.post(LOGIN, { phone: '+998991234599', password: 'not-the-password' });
    const noPasswordEmail = await server.post(LOGIN, { email: 'nobody@example.uz', password: 'not-the-password' });
    for (const answer of [wrong, unknown, noPasswordEmail]) {
      expect(answer.status).toBe(400);
      expect(answer.text).toBe('{"errors":[{"error":"invalid_credentials"}]}');
    }
  });

  it('takes as long for an unknown account as for a wrong password', async () => {
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      server.clock.advanceSeconds(3600); // keep the account lock out of the measurement
      known.push(await timedFailure(server, PHONE));
      unknown.push(await timedFailure(server, '+998991234598'));
    }
    // Both pay for one argon2id verification; without the dummy hash the unknown case is ~100x faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('slows failures down per account with growing locks, then lets the owner in when a lock ends', async () => {
    const fail = () => server.post(LOGIN, { phone: PHONE, password: 'wrong-password' });
    // 3 tries are free; the 3rd failure sets a 30 s lock, and the 4th try is not checked.
    for (let i = 0; i < 3; i += 1) expect((await fail()).status).toBe(400);
    const locked = await server.post(LOGIN, { phone: PHONE, password: STRONG_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({ errors: [{ error: 'too_many_attempts_login' }] });
    expect(locked.headers.get('retry-after')).toBe('30');

    server.clock.advanceSeconds(30);
    expect((await fail()).status).toBe(400); // the 4th: 60 s
    expect((await fail()).headers.get('retry-after')).toBe('60');
    server.clock.advanceSeconds(60);
    expect((await server.post(LOGIN, { phone: PHONE, password: STRONG_PASSWORD })).status).toBe(200);
    // A success clears the count: the next failure is free again.
    expect((await fail()).status).toBe(400);
    expect((await server.post(LOGIN, { phone: PHONE, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('never locks for more than 15 minutes', async () => {
    for (let i = 0; i < 12; i += 1) {
      await server.post(LOGIN, { phone: PHONE, password: 'wrong-password' });
      server.clock.advanceSeconds(15 * 60);
    }
    await server.post(LOGIN, { phone: PHONE, password: 'wrong-password' });
    const locked = await server.post(LOGIN, { phone: PHONE, password: STRONG_PASSWORD });
    expect(locked.headers.get('retry-after')).toBe('900');
    server.clock.advanceSeconds(900);
    expect((await server.post(LOGIN, { phone: PHONE, password: STRONG_PASSWORD })).status).toBe(200);
  });

  it('locks an unknown account the same way, so the lock reveals nothing', async () => {
    for (let i = 0; i < 3; i += 1)
      expect((await server.post(LOGIN, { phone: '+998991234597', password: 'wrong-password' })).status).toBe(400);
    const answer = await server.post(LOGIN, { phone: '+998991234597', password: 'wrong-password' });
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('30');
  });

  it('locks a client address that sprays many accounts, and not other addresses', async () => {
    // 20 failures from one address, one per account: the 20th locks the address for 60 s.
    for (let i = 0; i < 20; i += 1) {
      const answer = await server.post(
        LOGIN,
        { phone: `+9989912346${String(i).padStart(2, '0')}`, password: 'wrong-password' },
        { ip: '198.51.100.66' },
      );
      expect(answer.status).toBe(400);
    }
    const sprayer = await server.post(LOGIN, { phone: PHONE, password: STRONG_PASSWORD }, { ip: '198.51.100.66' });
    expect(sprayer.status).toBe(429);
    expect(sprayer.headers.get('retry-after')).toBe('60');
    expect(
      (await server.post(LOGIN, { phone: PHONE, password: STRONG_PASSWORD }, { ip: '198.51.100.67' })).status,
    ).toBe(200);
  });
});

describe('signing in with a one-time code', () => {
  it('signs in with the code sent for login_sms_verification', async () => {
    server.clock.advanceSeconds(121);
    await server.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'login_sms_verification', phone: PHONE });
    const code = await server.lastCode(PHONE);
    const login = await server.post(LOGIN_OTP, { phone: PHONE, code, save: false }, { headers: { source: 'web' } });
    expect(login.status).toBe(200);
    expect(login.json.has_phone).toBe(true);
    const again = await server.post(LOGIN_OTP, { phone: PHONE, code });
    expect(again.json).toEqual({ errors: [{ error: 'code_expired', field: 'code' }] });
  });

  it('refuses a wrong code with code_not_valid', async () => {
    server.clock.advanceSeconds(121);
    await server.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'login_sms_verification', phone: PHONE });
    const code = await server.lastCode(PHONE);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    expect((await server.post(LOGIN_OTP, { phone: PHONE, code: wrong })).json).toEqual({
      errors: [{ error: 'code_not_valid', field: 'code' }],
    });
  });

  it('does not sign in to an account that does not exist, even with a right code', async () => {
    await server.post(`${V1}/auth/SendAuthSmsVerification/`, {
      type: 'login_sms_verification',
      phone: '+998991234501',
    });
    const code = await server.lastCode('+998991234501');
    expect((await server.post(LOGIN_OTP, { phone: '+998991234501', code })).json).toEqual({
      errors: [{ error: 'invalid_credentials' }],
    });
  });

  it('signs in by a verified e-mail with a confirm_email_or_phone code', async () => {
    const requestId = await server.verify({ email: 'nodira@example.uz' });
    await server.post('/sso/api/v2/register/RegisterUser/', {
      request_id: requestId,
      password: STRONG_PASSWORD,
      first_name: 'Nodira',
      last_name: 'Aliyeva',
      kind: 1,
    });
    server.clock.advanceSeconds(121);
    await server.post(`${V1}/auth/SendAuthEmailVerification/`, {
      type: 'confirm_email_or_phone',
      email: 'nodira@example.uz',
    });
    const code = await server.lastCode('nodira@example.uz');
    const login = await server.post(LOGIN_OTP, { email: 'NODIRA@example.uz', code });
    expect(login.status).toBe(200);
    expect(login.json.has_phone).toBe(false);
  });
});
