/**
 * The security log's failed attempts (services/audit-log.ts, recordFailure): a wrong password at
 * sign-in or at a step-up, the lock the failures set, a wrong sign-in code — each at most once per
 * AUDIT_LOG_FAILURE_INTERVAL_SECONDS and account, never with what was typed, and nothing for a
 * contact without an account.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_FAILURE_INTERVAL_SECONDS } from '../../config/policy.js';
import { PROOF, securitySteps } from '../../test-support/security.js';
import { STRONG_PASSWORD, useTestServer, V1 } from '../../test-support/test-server.js';

const PHONE = '+998901240021';
const WRONG = 'Not-the-password-2026';
const server = useTestServer();
const steps = securitySteps(server);

const rows = () => server.db.selectFrom('audit_events').selectAll().orderBy('id').execute();
const types = async () => (await rows()).map((row) => row.type);
const wrongSignIn = (phone = PHONE) =>
  server.post(`${V1}/login/LoginUser/`, { phone, password: WRONG }, { ip: '198.51.100.7' });

describe('the security log of failed attempts', () => {
  it('records a wrong password at sign-in once a while, with the address and no trace of what was typed', async () => {
    await server.registerByPhone(PHONE);
    expect((await wrongSignIn()).status).toBe(400);
    expect((await wrongSignIn()).status).toBe(400);
    expect(await types()).toEqual(['registered', 'password_failed']);
    const [, failed] = await rows();
    expect(failed).toMatchObject({ ip: '198.51.100.7', session_id: null });
    expect(JSON.parse(failed?.details ?? '{}')).toEqual({ where: 'sign_in' });
    expect(JSON.stringify(failed)).not.toContain(WRONG);

    server.clock.advanceSeconds(AUDIT_LOG_FAILURE_INTERVAL_SECONDS);
    const tokens = await server.post(`${V1}/login/LoginUser/`, { phone: PHONE, password: STRONG_PASSWORD });
    await wrongSignIn();
    expect(await types()).toEqual(['registered', 'password_failed', 'login', 'password_failed']);

    // The owner reads it in the log, newest first.
    const shown = (await steps.events(tokens.json.access)).json.results.map((event: { type: string }) => event.type);
    expect(shown).toEqual(['password_failed', 'login', 'password_failed', 'registered']);
  });

  it('records the lock the wrong passwords set, once', async () => {
    await server.registerByPhone(PHONE);
    for (let i = 0; i < 3; i++) await wrongSignIn();
    expect((await wrongSignIn()).status).toBe(429);
    expect(await types()).toEqual(['registered', 'password_failed', 'password_locked']);
  });

  it('writes nothing for a contact that has no account: the answer and the tables stay as for anyone', async () => {
    await server.registerByPhone(PHONE);
    expect((await wrongSignIn('+998901240022')).status).toBe(400);
    expect(await types()).toEqual(['registered']);
  });

  it('records a wrong sign-in code, not an expired one', async () => {
    await server.registerByPhone(PHONE);
    server.clock.advanceSeconds(121);
    await server.post(`${V1}/auth/SendAuthSmsVerification/`, { type: 'login_sms_verification', phone: PHONE });
    const code = await server.lastCode(PHONE);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await server.post(`${V1}/login/LoginOtp/`, { phone: PHONE, code: wrong })).json).toEqual({
      errors: [{ error: 'code_not_valid', field: 'code' }],
    });
    expect(await types()).toEqual(['registered', 'code_failed']);
    const [, failed] = await rows();
    expect(JSON.stringify(failed)).not.toContain(wrong);
    expect(JSON.stringify(failed)).not.toContain(code);

    server.clock.advanceSeconds(600);
    expect((await server.post(`${V1}/login/LoginOtp/`, { phone: PHONE, code })).status).toBe(400);
    expect(await types()).toEqual(['registered', 'code_failed']);
  });

  it('records a wrong password at a step-up, from the session that typed it', async () => {
    const tokens = await server.registerByPhone(PHONE);
    const answer = await server.post(PROOF, { password: WRONG }, { token: tokens.access });
    expect(answer.status).toBe(400);
    const [, failed] = await rows();
    expect(failed).toMatchObject({ type: 'password_failed', session_id: tokens.session });
    expect(JSON.parse(failed?.details ?? '{}')).toEqual({ where: 'confirm' });
  });
});
