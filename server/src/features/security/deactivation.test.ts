/** POST /user/deactivate/ and POST /user/restore/, and what a deactivated account may still do. */
import { beforeEach, describe, expect, it } from 'vitest';
import { oauthSteps, PARTNER_ID } from '../../test-support/oauth.js';
import { PROFILE, useSecurityTests } from '../../test-support/security.js';
import { V1 } from '../../test-support/test-server.js';

const PHONE = '+998901290011';
const DAY_MS = 24 * 60 * 60 * 1000;

const { server, steps, tokens } = useSecurityTests(PHONE, { save: true });
const oauth = oauthSteps(server);

async function deactivate(token = tokens.access) {
  const requestId = await steps.verifySignedIn(token, { phone: PHONE }, 'confirm_email_or_phone');
  return server.post(`${V1}/user/deactivate/`, { request_id: requestId }, { token });
}

describe('POST /user/deactivate/', () => {
  it('deactivates with a code to the own phone, sets the day of erasure 30 days on, and answers MyProfile', async () => {
    const now = server.clock.now();
    const answer = await deactivate();
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      id: tokens.user_uuid,
      is_inactivated: true,
      inactivated_at: new Date(now).toISOString(),
      erase_at: new Date(now + 30 * DAY_MS).toISOString(),
    });
    expect((await server.call('GET', PROFILE, { token: tokens.access })).json.is_inactivated).toBe(true);
  });

  it('signs out every other device and app, keeps the caller signed in, and logs it', async () => {
    await oauth.registerClients();
    const partner = await oauth.tokens(tokens.access);
    const phone = await steps.signIn(PHONE);
    expect((await deactivate()).status).toBe(200);
    expect(await steps.works(phone)).toEqual({ access: 401, refresh: 401 });
    expect((await oauth.userinfo(partner.access_token)).status).toBe(401);
    expect((await oauth.refresh(partner.refresh_token)).json.error).toBe('invalid_grant');
    expect((await server.call('GET', PROFILE, { token: tokens.access })).status).toBe(200);
    const row = await server.db
      .selectFrom('audit_events')
      .selectAll()
      .where('type', '=', 'deactivated')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.details)).toEqual({
      erase_at: new Date(server.clock.now() + 30 * DAY_MS).toISOString(),
      ended_sessions: 2,
    });
  });

  it('refuses a code checked signed out, or one to another contact section, and changes nothing', async () => {
    const signedOut = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    const refused = await server.post(`${V1}/user/deactivate/`, { request_id: signedOut }, { token: tokens.access });
    expect(refused.json).toEqual({ errors: [{ error: 'request_id_error', field: 'request_id' }] });
    expect((await server.call('GET', PROFILE, { token: tokens.access })).json.is_inactivated).toBe(false);
  });
});

describe('a deactivated account', () => {
  beforeEach(async () => {
    await oauth.registerClients();
    await deactivate();
  });

  it('gets 403 account_inactive from every account call of the security and personal pages', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/user/sessions/'],
      ['DELETE', `/user/sessions/${tokens.session}/`],
      ['POST', '/user/sessions/end-others/', {}],
      ['GET', '/user/security/events/'],
      ['POST', '/user/security/proof/', { password: 'Qovun-pishdi-Chorsu-7' }],
      [
        'POST',
        '/user/change-password/',
        { old_password: 'Qovun-pishdi-Chorsu-7', new_password: 'Yangi-parol-Toshkent-9' },
      ],
      ['POST', '/user/reset-password/', { request_id: 'x', new_password: 'Yangi-parol-Toshkent-9' }],
      ['POST', '/user/change-phone/', { proof: 'x', request_id: 'x' }],
      ['POST', '/user/change-email/', { proof: 'x', request_id: 'x' }],
      ['POST', '/user/secondary/', { request_id: 'x' }],
      ['DELETE', '/user/secondary/?type=phone'],
      ['POST', '/user/secondary/make-primary/', { type: 'phone', proof: 'x' }],
      ['GET', '/user/login-methods/'],
      ['POST', '/user/deactivate/', { request_id: 'x' }],
      ['GET', '/user/grants/'],
      ['DELETE', `/user/grants/?client_id=${PARTNER_ID}`],
      ['PATCH', '/user/profile/', { first_name: 'Aziza' }],
      ['DELETE', '/user/photo/'],
      ['GET', '/user/addresses/'],
    ];
    for (const [method, path, body] of calls) {
      const answer = await server.call(method, `${V1}${path}`, {
        token: tokens.access,
        ...(body === undefined ? {} : { body }),
      });
      expect([answer.status, answer.json], `${method} ${path}`).toEqual([
        403,
        { errors: [{ error: 'account_inactive' }] },
      ]);
    }
    const code = await server.post(
      `${V1}/auth/SendAuthSmsVerification/`,
      { type: 'change_phone_verification', phone: '+998901290099' },
      { token: tokens.access },
    );
    expect(code.status).toBe(403);
    // Nothing was done: the caller's sign-in is still there.
    expect((await server.call('GET', PROFILE, { token: tokens.access })).status).toBe(200);
  });

  it('still sees MyProfile, exports its data, signs in and out', async () => {
    expect((await server.call('GET', PROFILE, { token: tokens.access })).json.is_inactivated).toBe(true);
    expect((await server.call('GET', `${V1}/user/export/`, { token: tokens.access })).status).toBe(200);
    const again = await steps.signIn(PHONE);
    expect((await server.call('DELETE', `${V1}/user/LogoutUser/`, { token: again.access })).status).toBe(204);
  });

  it('restores itself with a code to its own phone, and is active again', async () => {
    server.clock.advanceSeconds(121);
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'confirm_email_or_phone');
    const answer = await server.post(`${V1}/user/restore/`, { request_id: requestId }, { token: tokens.access });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ is_inactivated: false, inactivated_at: null, erase_at: null });
    expect((await server.call('GET', `${V1}/user/sessions/`, { token: tokens.access })).status).toBe(200);
    const types = (await steps.events(tokens.access)).json.results.map((e: { type: string }) => e.type);
    expect(types.slice(0, 2)).toEqual(['restored', 'deactivated']);
  });

  it('is not restored by a code checked signed out or a used request id', async () => {
    server.clock.advanceSeconds(121);
    const signedOut = await server.verify({ phone: PHONE }, 'forget_pass_verification');
    expect(
      (await server.post(`${V1}/user/restore/`, { request_id: signedOut }, { token: tokens.access })).json,
    ).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
    const requestId = await steps.verifySignedIn(tokens.access, { phone: PHONE }, 'confirm_email_or_phone');
    await server.post(`${V1}/user/restore/`, { request_id: requestId }, { token: tokens.access });
    expect(
      (await server.post(`${V1}/user/restore/`, { request_id: requestId }, { token: tokens.access })).json,
    ).toEqual({
      errors: [{ error: 'unique_request_id', field: 'request_id' }],
    });
  });
});
