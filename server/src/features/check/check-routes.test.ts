import { beforeEach, describe, expect, it } from 'vitest';
import { useTestServer, REGISTER_PATH, STRONG_PASSWORD, V1 } from '../../test-support/test-server.js';

const server = useTestServer();
beforeEach(async () => {
  await server.registerByPhone('+998977770011', { kind: 1, email: 'unverified@example.uz' });
});

const check = (query: string) => server.call('GET', `${V1}/check/CheckUserPassword/?${query}`);
const exists = (query: string, ip?: string) => server.call('GET', `${V1}/check/CheckUserExists/?${query}`, ip ? { ip } : {});

describe('CheckUserExists', () => {
  it('tells whether a phone has an account, whatever way it is typed', async () => {
    expect((await exists('phone=%2B998977770011')).json).toEqual({ exists: true });
    expect((await exists('phone=97%20777%2000%2011')).json).toEqual({ exists: true });
    expect((await exists('phone=%2B998977770012')).json).toEqual({ exists: false });
  });

  it('counts an e-mail only once it is verified', async () => {
    expect((await exists('email=unverified%40example.uz')).json).toEqual({ exists: false });
    const requestId = await server.verify({ email: 'owner@example.uz' });
    await server.post(REGISTER_PATH, { request_id: requestId, password: STRONG_PASSWORD, first_name: 'Olim', last_name: 'Qodirov', kind: 1 });
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

describe('code requests for a password reset by e-mail', () => {
  it('refuses an address with no account with user_not_found_email', async () => {
    const sent = await server.post(`${V1}/auth/SendAuthEmailVerification/`, { type: 'forget_pass_verification', email: 'nobody@example.uz' });
    expect(sent.status).toBe(400);
    expect(sent.json).toEqual({ errors: [{ error: 'user_not_found_email', field: 'email' }] });
  });

  it('refuses an unknown delivery method with invalid_method', async () => {
    const sent = await server.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'login_sms_verification', phone: '+998977770011', method: 'pigeon' });
    expect(sent.json).toEqual({ errors: [{ error: 'invalid_method', field: 'method' }] });
  });
});
