/** POST /user/change-password/ and POST /user/reset-password/, and what a new password does to the apps let in. */
import { beforeEach, describe, expect, it } from 'vitest';
import { oauthSteps } from '../../test-support/oauth.js';
import { useSecurityTests } from '../../test-support/security.js';
import { STRONG_PASSWORD, V1 } from '../../test-support/test-server.js';

const PHONE = '+998901270011';
const NEW_PASSWORD = 'Yangi-parol-Toshkent-9';
const CHANGE = `${V1}/user/change-password/`;
const RESET = `${V1}/user/reset-password/`;

const { server, steps, tokens } = useSecurityTests(PHONE, { save: true });
const oauth = oauthSteps(server);

const signInWith = (password: string) => server.post(`${V1}/login/LoginUser/`, { phone: PHONE, password });

describe('POST /user/change-password/', () => {
  it('sets the new password and keeps every sign-in when not asked to end them', async () => {
    const phone = await steps.signIn(PHONE);
    const answer = await server.post(
      CHANGE,
      { old_password: STRONG_PASSWORD, new_password: NEW_PASSWORD, end_other_sessions: false },
      { token: tokens.access },
    );
    expect([answer.status, answer.json]).toEqual([200, { ended: 0, ended_apps: 0 }]);
    expect((await signInWith(STRONG_PASSWORD)).json).toEqual({ errors: [{ error: 'invalid_credentials' }] });
    expect((await signInWith(NEW_PASSWORD)).status).toBe(200);
    expect((await server.call('GET', `${V1}/user/MyProfile`, { token: phone.access })).status).toBe(200);
    const types = (await steps.events(tokens.access)).json.results.map((e: { type: string }) => e.type);
    // The old password, tried after the change, is a wrong one now: the log says so.
    expect(types).toEqual(['login', 'password_failed', 'password_changed', 'login', 'registered']);
  });

  it('shows when the password was last changed in MyProfile: at sign-up, then at the change', async () => {
    const profile = () => server.call('GET', `${V1}/user/MyProfile`, { token: tokens.access });
    const signedUp = new Date(server.clock.now()).toISOString();
    expect((await profile()).json.password_changed_at).toBe(signedUp);
    server.clock.advanceSeconds(60);
    await server.post(CHANGE, { old_password: STRONG_PASSWORD, new_password: NEW_PASSWORD }, { token: tokens.access });
    expect((await profile()).json.password_changed_at).toBe(new Date(server.clock.now()).toISOString());
    expect((await profile()).json.password_changed_at).not.toBe(signedUp);
  });

  it("ends the other sign-ins when asked, keeps the caller's, and writes password_changed", async () => {
    const phone = await steps.signIn(PHONE);
    const tablet = await steps.signIn(PHONE);
    const answer = await server.post(
      CHANGE,
      { old_password: STRONG_PASSWORD, new_password: NEW_PASSWORD, end_other_sessions: true },
      { token: tokens.access },
    );
    expect(answer.json).toEqual({ ended: 2, ended_apps: 0 });
    for (const other of [phone, tablet]) expect(await steps.works(other)).toEqual({ access: 401, refresh: 401 });
    const events = (await steps.events(tokens.access)).json.results;
    expect(events[0]).toMatchObject({ type: 'password_changed', details: { ended_sessions: 2 } });
    const row = await server.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('id', '=', phone.session)
      .executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('password_change');
    expect(await steps.works(tokens)).toEqual({ access: 200, refresh: 200 });
  });

  it('refuses a wrong current password with invalid_old_password and changes nothing', async () => {
    const answer = await server.post(
      CHANGE,
      { old_password: 'not-my-password', new_password: NEW_PASSWORD, end_other_sessions: true },
      { token: tokens.access },
    );
    expect([answer.status, answer.json]).toEqual([
      400,
      { errors: [{ error: 'invalid_old_password', field: 'old_password' }] },
    ]);
    expect((await signInWith(STRONG_PASSWORD)).status).toBe(200);
  });

  it('applies the password policy to new_password', async () => {
    for (const [password, key] of [
      ['short', 'password_too_short'],
      ['12345678', 'password_too_common'],
      ['x'.repeat(129), 'password_too_long'],
    ]) {
      const answer = await server.post(
        CHANGE,
        { old_password: STRONG_PASSWORD, new_password: password },
        { token: tokens.access },
      );
      expect(answer.json, key).toEqual({ errors: [{ error: key, field: 'new_password' }] });
    }
  });

  it('needs the fields it names', async () => {
    const answer = await server.post(CHANGE, { new_password: NEW_PASSWORD }, { token: tokens.access });
    expect(answer.json).toEqual({ errors: [{ error: 'field_required', field: 'old_password' }] });
  });
});

describe('POST /user/reset-password/', () => {
  it('sets a password with a forget_pass_verification code to the own phone, ending others when asked', async () => {
    const phone = await steps.signIn(PHONE);
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'forget_pass_verification');
    const answer = await server.post(
      RESET,
      { request_id: requestId, new_password: NEW_PASSWORD, end_other_sessions: true },
      { token: tokens.access },
    );
    expect([answer.status, answer.json]).toEqual([200, { ended: 1, ended_apps: 0 }]);
    expect(await steps.works(phone)).toEqual({ access: 401, refresh: 401 });
    expect((await signInWith(NEW_PASSWORD)).status).toBe(200);
    const events = (await steps.events(tokens.access)).json.results;
    expect(events[1]).toMatchObject({ type: 'password_reset', details: { ended_sessions: 1 } });
  });

  it('refuses a request id from a signed-out reset or another section, and keeps it', async () => {
    const signedOut = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    const refused = await server.post(
      RESET,
      { request_id: signedOut, new_password: NEW_PASSWORD },
      { token: tokens.access },
    );
    expect([refused.status, refused.json]).toEqual([
      400,
      { errors: [{ error: 'request_id_error', field: 'request_id' }] },
    ]);
    server.clock.advanceSeconds(121);
    const proofId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'confirm_email_or_phone');
    expect(
      (await server.post(RESET, { request_id: proofId, new_password: NEW_PASSWORD }, { token: tokens.access })).json,
    ).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
    // The signed-out one still restores the password on the public route.
    expect(
      (
        await server.post(`${V1}/restore-password/RestorePasswordSms/`, {
          request_id: signedOut,
          password: NEW_PASSWORD,
        })
      ).status,
    ).toBe(200);
  });

  it('refuses the current password as the new one, here and on the signed-out restore, keeping the request id', async () => {
    const changed = await server.post(
      CHANGE,
      { old_password: STRONG_PASSWORD, new_password: STRONG_PASSWORD },
      { token: tokens.access },
    );
    expect([changed.status, changed.json]).toEqual([
      400,
      { errors: [{ error: 'same_password', field: 'new_password' }] },
    ]);
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'forget_pass_verification');
    const reset = await server.post(
      RESET,
      { request_id: requestId, new_password: STRONG_PASSWORD },
      { token: tokens.access },
    );
    expect(reset.json).toEqual({ errors: [{ error: 'same_password', field: 'new_password' }] });
    expect(
      (await server.post(RESET, { request_id: requestId, new_password: NEW_PASSWORD }, { token: tokens.access }))
        .status,
    ).toBe(200);
    server.clock.advanceSeconds(121);
    const signedOut = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    const restore = (password: string) =>
      server.post(`${V1}/restore-password/RestorePasswordSms/`, { request_id: signedOut, password });
    expect((await restore(NEW_PASSWORD)).json).toEqual({ errors: [{ error: 'same_password', field: 'password' }] });
    expect((await restore(STRONG_PASSWORD)).status).toBe(200);
  });

  it('refuses a weak password before using the request id up', async () => {
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'forget_pass_verification');
    expect(
      (await server.post(RESET, { request_id: requestId, new_password: '12345678' }, { token: tokens.access })).json,
    ).toEqual({
      errors: [{ error: 'password_too_common', field: 'new_password' }],
    });
    expect(
      (await server.post(RESET, { request_id: requestId, new_password: NEW_PASSWORD }, { token: tokens.access })).json,
    ).toEqual({
      ended: 0,
      ended_apps: 0,
    });
  });
});

/** Whether the partner's tokens still answer: userinfo with the access token, the token endpoint with the refresh token. */
const appWorks = async (app: { access_token: string; refresh_token: string }) => ({
  userinfo: (await oauth.userinfo(app.access_token)).status,
  refresh: (await oauth.refresh(app.refresh_token)).status,
});

describe('a new password and the OAuth apps let in (ASVS 5.0 §7.4.3)', () => {
  const RESTORE = `${V1}/restore-password/RestorePasswordSms/`;
  let app: { access_token: string; refresh_token: string };

  beforeEach(async () => {
    await oauth.registerClients();
    // Two authorizations of the partner: two app sessions.
    await oauth.tokens(tokens.access, { scope: 'openid profile' });
    app = await oauth.tokens(tokens.access, { scope: 'openid profile' });
  });

  it("a change of password ends the apps' sessions unless asked not to, and says how many", async () => {
    const answer = await server.post(
      CHANGE,
      { old_password: STRONG_PASSWORD, new_password: NEW_PASSWORD },
      { token: tokens.access },
    );
    expect([answer.status, answer.json]).toEqual([200, { ended: 0, ended_apps: 2 }]);
    expect(await appWorks(app)).toEqual({ userinfo: 401, refresh: 400 });
    expect((await oauth.refresh(app.refresh_token)).json.error).toBe('invalid_grant');
    // The person's own sign-in goes on, and the log says what ended.
    expect(await steps.works(tokens)).toEqual({ access: 200, refresh: 200 });
    const [event] = (await steps.events(tokens.access)).json.results;
    expect(event).toMatchObject({ type: 'password_changed', details: { ended_sessions: 0, ended_app_sessions: 2 } });
    const row = await server.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('kind', '=', 'oauth')
      .where('ended_at', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('password_change');
  });

  it('a change of password with end_app_sessions false leaves the apps signed in', async () => {
    const answer = await server.post(
      CHANGE,
      { old_password: STRONG_PASSWORD, new_password: NEW_PASSWORD, end_other_sessions: true, end_app_sessions: false },
      { token: tokens.access },
    );
    expect(answer.json).toEqual({ ended: 0, ended_apps: 0 });
    expect(await appWorks(app)).toEqual({ userinfo: 200, refresh: 200 });
  });

  it("a reset while signed in ends the apps' sessions by default", async () => {
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'forget_pass_verification');
    const answer = await server.post(
      RESET,
      { request_id: requestId, new_password: NEW_PASSWORD },
      { token: tokens.access },
    );
    expect(answer.json).toEqual({ ended: 0, ended_apps: 2 });
    expect(await appWorks(app)).toEqual({ userinfo: 401, refresh: 400 });
  });

  it("a forgotten password restored by a code ends every sign-in and, by default, the apps' sessions", async () => {
    const requestId = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    const answer = await server.post(RESTORE, { request_id: requestId, password: NEW_PASSWORD });
    expect([answer.status, answer.json]).toEqual([200, { detail: 'password_changed', ended: 1, ended_apps: 2 }]);
    expect(await appWorks(app)).toEqual({ userinfo: 401, refresh: 400 });
    expect(await steps.works(tokens)).toEqual({ access: 401, refresh: 401 });
  });

  it('a forgotten password restored with end_app_sessions false still ends every sign-in to Kirish, but not the apps', async () => {
    const requestId = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    const answer = await server.post(RESTORE, {
      request_id: requestId,
      password: NEW_PASSWORD,
      end_app_sessions: false,
    });
    expect(answer.json).toEqual({ detail: 'password_changed', ended: 1, ended_apps: 0 });
    expect(await steps.works(tokens)).toEqual({ access: 401, refresh: 401 });
    expect(await appWorks(app)).toEqual({ userinfo: 200, refresh: 200 });
  });

  it('refuses an end_app_sessions that is not a boolean, and changes nothing', async () => {
    const answer = await server.post(
      CHANGE,
      { old_password: STRONG_PASSWORD, new_password: NEW_PASSWORD, end_app_sessions: 'yes' },
      { token: tokens.access },
    );
    expect([answer.status, answer.json]).toEqual([
      400,
      { errors: [{ error: 'invalid_value', field: 'end_app_sessions' }] },
    ]);
    expect((await signInWith(STRONG_PASSWORD)).status).toBe(200);
  });
});
