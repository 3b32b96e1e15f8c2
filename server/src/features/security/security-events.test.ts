/** GET /user/security/events/ and the events the sign-in, sign-out and password-restore routes write. */
import { describe, expect, it } from 'vitest';
import { AUDIT_EVENT_TYPES } from '../../services/audit-log.js';
import { catalogues } from '../../services/translations.js';
import { oauthSteps, PARTNER_ID } from '../../test-support/oauth.js';
import { CHROME_WINDOWS, SAFARI_IPHONE, securitySteps } from '../../test-support/security.js';
import { STRONG_PASSWORD, useTestServer, V1 } from '../../test-support/test-server.js';

const PHONE = '+998901240011';
const server = useTestServer();
const steps = securitySteps(server);

const eventRows = () => server.db.selectFrom('audit_events').selectAll().orderBy('id').execute();

describe('the security log', () => {
  it('records the registration, a password sign-in and a code sign-in with the address and the parsed device', async () => {
    const registered = await server.registerByPhone(PHONE);
    const byPassword = await server.post(
      `${V1}/login/LoginUser/`,
      { phone: PHONE, password: STRONG_PASSWORD },
      { headers: { 'user-agent': CHROME_WINDOWS }, ip: '198.51.100.4' },
    );
    server.clock.advanceSeconds(121);
    await server.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'login_sms_verification', phone: PHONE });
    const code = await server.lastCode(PHONE);
    server.clock.advanceSeconds(5);
    const byCode = await server.post(
      `${V1}/login/LoginOtp/`,
      { phone: PHONE, code },
      { headers: { 'user-agent': SAFARI_IPHONE }, ip: '198.51.100.5' },
    );

    const answer = await steps.events(byCode.json.access);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      count: 3,
      results: [
        {
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          type: 'login',
          created_at: new Date(server.clock.now()).toISOString(),
          ip: '198.51.100.5',
          device: 'mobile',
          browser: 'Safari',
          os: 'iOS',
          details: { method: 'code' },
        },
        expect.objectContaining({
          type: 'login',
          ip: '198.51.100.4',
          device: 'desktop',
          browser: 'Chrome',
          os: 'Windows',
          details: { method: 'password' },
        }),
        expect.objectContaining({ type: 'registered', details: { contact_type: 'phone', with_email: false } }),
      ],
    });
    const rows = await eventRows();
    expect(rows.map((row) => row.session_id)).toEqual([
      registered.session,
      byPassword.json.session,
      byCode.json.session,
    ]);
  });

  it('records a sign-out once', async () => {
    const tokens = await server.registerByPhone(PHONE);
    const other = await steps.signIn(PHONE);
    await server.call('DELETE', `${V1}/user/LogoutUser/`, {
      token: tokens.access,
      headers: { 'user-agent': CHROME_WINDOWS },
    });
    const [event] = (await steps.events(other.access)).json.results;
    expect(event).toMatchObject({ type: 'logout', browser: 'Chrome', details: {} });
    expect((await eventRows()).filter((row) => row.type === 'logout')).toHaveLength(1);
  });

  it('records a password restored by code, in the transaction that ended every sign-in', async () => {
    await server.registerByPhone(PHONE);
    await steps.signIn(PHONE);
    const requestId = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    await server.post(
      `${V1}/restore-password/RestorePasswordSms/`,
      { request_id: requestId, password: 'Yangi-parol-Toshkent-9' },
      { headers: { 'user-agent': SAFARI_IPHONE } },
    );
    const tokens = await server.post(`${V1}/login/LoginUser/`, { phone: PHONE, password: 'Yangi-parol-Toshkent-9' });
    const [login, reset] = (await steps.events(tokens.json.access)).json.results;
    expect(login.type).toBe('login');
    expect(reset).toMatchObject({
      type: 'password_reset',
      device: 'mobile',
      os: 'iOS',
      details: { ended_sessions: 2 },
    });
    const row = (await eventRows()).find((r) => r.type === 'password_reset');
    expect(row?.session_id).toBeNull();
  });

  it('writes no line for a restore that was refused', async () => {
    await server.registerByPhone(PHONE);
    const requestId = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    await server.post(`${V1}/restore-password/RestorePasswordSms/`, { request_id: requestId, password: '12345678' });
    expect((await eventRows()).map((row) => row.type)).toEqual(['registered']);
  });

  it('records signing in to an app by its name, and taking its access back once: not when there was nothing to take back', async () => {
    const oauth = oauthSteps(server);
    await oauth.registerClients();
    const tokens = await server.registerByPhone(PHONE);
    await oauth.tokens(tokens.access);
    const revoke = () => server.call('DELETE', `${V1}/user/grants/?client_id=${PARTNER_ID}`, { token: tokens.access });
    expect((await revoke()).status).toBe(204);
    expect((await revoke()).status).toBe(204);
    const answer = await steps.events(tokens.access);
    expect(answer.json.results.map((event: { type: string }) => event.type)).toEqual([
      'grant_revoked',
      'app_signed_in',
      'registered',
    ]);
    expect(answer.json.results[0]).toMatchObject({
      type: 'grant_revoked',
      details: { client_id: PARTNER_ID, name: 'Partner Shop', ended_sessions: 1 },
    });
    expect(answer.json.results[1]).toMatchObject({
      details: { client_id: PARTNER_ID, name: 'Partner Shop', method: 'authorization_code' },
    });
  });

  it("does not record an app's silent check (prompt=none) as a sign-in", async () => {
    const oauth = oauthSteps(server);
    await oauth.registerClients();
    const tokens = await server.registerByPhone(PHONE);
    await oauth.code(tokens.access);
    const silent = await oauth.code(tokens.access, { prompt: 'none' });
    expect(silent.code).not.toBe('');
    const answer = await steps.events(tokens.access);
    expect(answer.json.results.map((event: { type: string }) => event.type)).toEqual(['app_signed_in', 'registered']);
  });

  it("pages newest first with a count of all, and shows nobody else's events", async () => {
    const tokens = await server.registerByPhone(PHONE);
    for (let i = 0; i < 4; i += 1) {
      server.clock.advanceSeconds(1);
      await steps.signIn(PHONE);
    }
    await server.registerByPhone('+998901240022');
    await steps.signIn('+998901240022');

    const first = await steps.events(tokens.access, '?page=1&page_size=3');
    expect(first.json.count).toBe(5);
    expect(first.json.results).toHaveLength(3);
    const second = await steps.events(tokens.access, '?page=2&page_size=3');
    expect(second.json.results).toHaveLength(2);
    const all = [...first.json.results, ...second.json.results].map((e: { created_at: string }) => e.created_at);
    expect(all).toEqual(all.toSorted().toReversed());
    expect((await steps.events(tokens.access, '?page=3&page_size=3')).json).toEqual({ count: 5, results: [] });
    // Twenty by default.
    expect((await steps.events(tokens.access)).json.results).toHaveLength(5);
  });

  it('refuses a page or size that is not a whole number in range, and unknown parameters', async () => {
    const tokens = await server.registerByPhone(PHONE);
    for (const query of ['?page=0', '?page=x', '?page_size=0', '?page_size=101', '?page=1.5']) {
      const answer = await steps.events(tokens.access, query);
      expect([answer.status, answer.json.errors[0].error], query).toEqual([400, 'invalid_value']);
    }
    expect((await steps.events(tokens.access, '?sort=asc')).json).toEqual({
      errors: [{ error: 'unknown_field', field: 'sort' }],
    });
  });

  it('needs a signed-in caller', async () => {
    expect((await server.call('GET', `${V1}/user/security/events/`)).status).toBe(401);
  });

  it('has a text for every event type in every locale, for the SPA to show', () => {
    for (const [locale, catalogue] of Object.entries(catalogues)) {
      const missing = AUDIT_EVENT_TYPES.filter((type) => !catalogue[`security_event_${type}`]?.trim());
      expect(missing, locale).toEqual([]);
    }
  });
});
