/** GET /user/sessions/, DELETE /user/sessions/{id}/ and POST /user/sessions/end-others/. */
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CHROME_WINDOWS,
  PROOF,
  SAFARI_IPHONE,
  SESSIONS,
  securitySteps,
  type Tokens,
} from '../../test-support/security.js';
import { useTestServer } from '../../test-support/test-server.js';

const PHONE = '+998901230011';
const server = useTestServer();
const steps = securitySteps(server);
let laptop: Tokens;

beforeEach(async () => {
  laptop = await server.registerByPhone(
    PHONE,
    { save: true },
    { 'user-agent': CHROME_WINDOWS, 'kirish-Source': 'kirish.uz' },
  );
});

const list = (token = laptop.access) => server.call('GET', SESSIONS, { token });
const end = (id: string, token = laptop.access) =>
  server.call('DELETE', `${SESSIONS}${id}/`, { token, headers: { 'user-agent': CHROME_WINDOWS } });
const endOthers = (body: Record<string, unknown>, token = laptop.access) =>
  server.post(`${SESSIONS}end-others/`, body, { token });
/** Ends the others with a fresh proof by the password, as the sessions page does. */
const endOthersProven = async (token = laptop.access) =>
  endOthers({ proof: await steps.proofByPassword(token) }, token);

describe('GET /user/sessions/', () => {
  it('lists the live sign-ins with device, browser, system, address and times, the caller first, then by last activity', async () => {
    const signedInAt = new Date(server.clock.now()).toISOString();
    server.clock.advanceSeconds(60);
    const phone = await steps.signIn(PHONE, { 'user-agent': SAFARI_IPHONE }, '198.51.100.23');
    server.clock.advanceSeconds(60);
    const curl = await steps.signIn(PHONE, { 'user-agent': 'curl/8.5.0' });
    server.clock.advanceSeconds(60);
    await server.post('/sso/api/v1/TokenRefresh/', { refresh: phone.refresh });
    const refreshedAt = new Date(server.clock.now()).toISOString();

    const answer = await list();
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual([
      {
        id: laptop.session,
        device: 'desktop',
        browser: 'Chrome',
        os: 'Windows',
        ip: '203.0.113.7',
        source: 'kirish.uz',
        partner_origin: null,
        // A registration opened it: no sign-in line names a method.
        method: null,
        created_at: signedInAt,
        last_active_at: signedInAt,
        current: true,
      },
      expect.objectContaining({
        id: phone.session,
        device: 'mobile',
        browser: 'Safari',
        os: 'iOS',
        ip: '198.51.100.23',
        source: null,
        method: 'password',
        last_active_at: refreshedAt,
        current: false,
      }),
      expect.objectContaining({ id: curl.session, device: 'unknown', browser: null, os: null, current: false }),
    ]);
  });

  it("leaves out ended and expired sign-ins, OAuth clients' sessions and other accounts", async () => {
    const ended = await steps.signIn(PHONE);
    await server.call('DELETE', '/sso/api/v1/user/LogoutUser/', { token: ended.access });
    await server.post('/sso/api/v1/login/LoginUser/', { phone: PHONE, password: 'Qovun-pishdi-Chorsu-7', save: false });
    await server.registerByPhone('+998901230022');
    await server.db
      .insertInto('sessions')
      .values({
        id: 'oauth-1',
        user_id: laptop.user_uuid,
        ip: '1.2.3.4',
        save: 1,
        created_at: server.clock.now(),
        last_seen_at: server.clock.now(),
        kind: 'oauth',
        device_id: null,
        user_agent: null,
        source: 'oauth',
        product_source: null,
        oauth_client_id: 'x',
        ended_at: null,
        end_reason: null,
        scope: 'openid',
        auth_time: 0,
      })
      .execute();
    // The unsaved sign-in's refresh token lives one day; the saved ones thirty.
    server.clock.advanceSeconds(24 * 60 * 60 + 1);
    const fresh = await server.post('/sso/api/v1/TokenRefresh/', { refresh: laptop.refresh });
    const answer = await list(fresh.json.access);
    expect(answer.json.map((s: { id: string }) => s.id)).toEqual([laptop.session]);
  });

  it('needs a signed-in caller', async () => {
    expect((await server.call('GET', SESSIONS)).status).toBe(401);
  });
});

describe('DELETE /user/sessions/{id}/', () => {
  it('ends another sign-in at once: its refresh token fails and its access token is 401 right away', async () => {
    const phone = await steps.signIn(PHONE, { 'user-agent': SAFARI_IPHONE });
    const answer = await end(phone.session);
    expect([answer.status, answer.text]).toEqual([204, '']);
    expect((await server.post('/sso/api/v1/TokenRefresh/', { refresh: phone.refresh })).status).toBe(401);
    const profile = await server.call('GET', '/sso/api/v1/user/MyProfile', { token: phone.access });
    expect([profile.status, profile.json.code]).toEqual([401, 'token_not_valid']);
    // The caller goes on.
    expect((await list()).json.map((s: { id: string }) => s.id)).toEqual([laptop.session]);
    const row = await server.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('id', '=', phone.session)
      .executeTakeFirstOrThrow();
    expect(row.end_reason).toBe('ended_by_user');
  });

  it("writes session_ended with the ended sign-in's device", async () => {
    const phone = await steps.signIn(PHONE, { 'user-agent': SAFARI_IPHONE });
    await end(phone.session);
    const [event] = (await steps.events(laptop.access)).json.results;
    expect(event).toMatchObject({
      type: 'session_ended',
      device: 'desktop',
      browser: 'Chrome',
      details: { session_id: phone.session, device: 'mobile', browser: 'Safari', os: 'iOS', current: false },
    });
  });

  it("signs the caller out when it names the caller's own sign-in", async () => {
    expect((await end(laptop.session)).status).toBe(204);
    expect(await steps.works(laptop)).toEqual({ access: 401, refresh: 401 });
  });

  it("answers 404 not_found for another account's sign-in, an unknown one and one already ended, and ends nothing", async () => {
    const other = await server.registerByPhone('+998901230022');
    for (const id of [other.session, 'no-such-session']) {
      const answer = await end(id);
      expect([answer.status, answer.json]).toEqual([404, { errors: [{ error: 'not_found' }] }]);
    }
    expect((await server.call('GET', '/sso/api/v1/user/MyProfile', { token: other.access })).status).toBe(200);
    const phone = await steps.signIn(PHONE);
    await end(phone.session);
    expect((await end(phone.session)).status).toBe(404);
  });
});

describe('POST /user/sessions/end-others/', () => {
  it("ends every other sign-in and keeps the caller's", async () => {
    const phone = await steps.signIn(PHONE);
    const tablet = await steps.signIn(PHONE);
    const other = await server.registerByPhone('+998901230022');
    const answer = await endOthersProven();
    expect([answer.status, answer.json]).toEqual([200, { ended: 2 }]);
    for (const tokens of [phone, tablet]) expect(await steps.works(tokens)).toEqual({ access: 401, refresh: 401 });
    expect((await list()).json.map((s: { id: string }) => s.id)).toEqual([laptop.session]);
    expect((await server.call('GET', '/sso/api/v1/user/MyProfile', { token: other.access })).status).toBe(200);
    const [event] = (await steps.events(laptop.access)).json.results;
    expect(event).toMatchObject({ type: 'sessions_ended_others', details: { ended: 2 } });
  });

  it('answers { ended: 0 } when there is nobody else', async () => {
    expect((await endOthersProven()).json).toEqual({ ended: 0 });
  });

  it("takes a proof by a code to the account's own phone as well as by the password", async () => {
    const phone = await steps.signIn(PHONE);
    const requestId = await steps.verifySignedIn(laptop.access, { phone: PHONE }, 'confirm_email_or_phone');
    const { proof } = (await server.post(PROOF, { request_id: requestId }, { token: laptop.access })).json;
    expect((await endOthers({ proof })).json).toEqual({ ended: 1 });
    expect(await steps.works(phone)).toEqual({ access: 401, refresh: 401 });
  });
});

describe('POST /user/sessions/end-others/ needs a fresh authentication (ASVS 5.0 §7.5.2)', () => {
  it('refuses the access token alone: 400 proof_required, and every other sign-in goes on', async () => {
    const phone = await steps.signIn(PHONE);
    for (const body of [{}, { proof: '' }, { proof: 'made-up-proof' }]) {
      const answer = await endOthers(body);
      expect([answer.status, answer.json], JSON.stringify(body)).toEqual([
        400,
        { errors: [{ error: 'proof_required', field: 'proof' }] },
      ]);
    }
    // A call without a body at all, as before this rule, ends nothing either.
    expect((await server.call('POST', `${SESSIONS}end-others/`, { token: laptop.access })).status).toBe(415);
    expect(await steps.works(phone)).toEqual({ access: 200, refresh: 200 });
    const events = (await steps.events(laptop.access)).json.results as { type: string }[];
    expect(events.map((event) => event.type)).not.toContain('sessions_ended_others');
  });

  it('uses a proof once: the same proof a second time is proof_required', async () => {
    const proof = await steps.proofByPassword(laptop.access);
    expect((await endOthers({ proof })).status).toBe(200);
    await steps.signIn(PHONE);
    expect((await endOthers({ proof })).json).toEqual({ errors: [{ error: 'proof_required', field: 'proof' }] });
  });

  it('refuses a proof of another sign-in of the same account, and one older than five minutes', async () => {
    const phone = await steps.signIn(PHONE);
    const phonesProof = await steps.proofByPassword(phone.access);
    expect((await endOthers({ proof: phonesProof })).json).toEqual({
      errors: [{ error: 'proof_required', field: 'proof' }],
    });
    const stale = await steps.proofByPassword(laptop.access);
    server.clock.advanceSeconds(301);
    expect((await endOthers({ proof: stale })).json).toEqual({ errors: [{ error: 'proof_required', field: 'proof' }] });
    expect(await steps.works(phone)).toEqual({ access: 200, refresh: 200 });
  });
});
