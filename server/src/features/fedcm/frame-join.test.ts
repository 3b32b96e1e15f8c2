/**
 * The embed frame's storage-access path (docs/fedcm.md): listing the accounts the `_idp` cookie
 * vouches for, and joining one as a credential event — a nonce of the tap, a session of the frame's
 * own under that sign-in, a line in the security log naming the partner's origin.
 */
import { describe, expect, it } from 'vitest';
import { cookieJar, useFedcmTests, FEDCM, type CookieJar, type SignedIn } from '../../test-support/fedcm.js';
import { OTHER_ID, OTHER_ORIGIN, PARTNER_ID, PARTNER_ORIGIN } from '../../test-support/oauth.js';
import { STRONG_PASSWORD, V1 } from '../../test-support/test-server.js';

const { server, jar, aziza } = useFedcmTests('+998901130001');

const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin' };
const frame = (method: string, path: string, headers: Record<string, string>, body?: unknown, on: CookieJar = jar) =>
  server.call(method, `${FEDCM}/frame/${path}`, {
    headers: { ...on.header('idp'), ...headers },
    ...(body === undefined ? {} : { body }),
  });
const partner = (extra: Record<string, string> = {}) => ({
  user_uuid: aziza.user_uuid,
  client_id: PARTNER_ID,
  origin: PARTNER_ORIGIN,
  ...extra,
});
const nonceFor = async (body = partner(), on: CookieJar = jar): Promise<string> => {
  const answer = await frame('POST', 'nonce/', SAME_ORIGIN, body, on);
  expect([answer.status, answer.json.expires_in], answer.text).toEqual([200, 60]);
  return answer.json.nonce as string;
};
const join = async (body = partner(), on: CookieJar = jar) =>
  frame('POST', 'session/', SAME_ORIGIN, { ...body, nonce: await nonceFor(body, on) }, on);
const logout = (account: SignedIn) =>
  server.call('DELETE', `${V1}/user/LogoutUser/`, { token: account.access, headers: jar.header() });
const profile = (access: string) =>
  server.call('GET', `${V1}/user/MyProfile`, { token: access }).then((answer) => answer.status);

describe('the embed frame’s accounts', () => {
  it('lists the vouched accounts as the device list does, with the photo', async () => {
    await server.db.updateTable('users').set({ photo: 'avatars/p.webp' }).where('id', '=', aziza.user_uuid).execute();
    const answer = await frame('GET', 'accounts/', SAME_ORIGIN);
    expect([answer.status, answer.headers.get('access-control-allow-origin')]).toEqual([200, null]);
    expect(answer.json).toEqual({
      accounts: [
        {
          uuid: aziza.user_uuid,
          first_name: 'Aziza',
          last_name: 'Karimova',
          phone: '+998 90 *** ** 01',
          email: null,
          is_current: false,
          has_active_session: true,
          last_seen_at: new Date(server.clock.now()).toISOString(),
          photo: 'http://localhost:8080/cdn/200x/avatars/p.webp',
        },
      ],
    });
  });
});

describe('joining a sign-in from the frame', () => {
  it('opens a session of the frame’s own, which the sessions page names by the partner’s origin, and logs it', async () => {
    const joined = await join();
    expect([joined.status, joined.json.user_uuid]).toEqual([200, aziza.user_uuid]);
    expect(joined.json.session).not.toBe(aziza.session);
    expect(await profile(joined.json.access)).toBe(200);
    const list = await server.call('GET', `${V1}/user/sessions/`, { token: aziza.access });
    expect(list.json.map((s: { id: string; partner_origin: string | null }) => [s.id, s.partner_origin])).toEqual([
      [aziza.session, null],
      [joined.json.session, PARTNER_ORIGIN],
    ]);
    const events = await server.call('GET', `${V1}/user/security/events/?page=1&page_size=5`, { token: aziza.access });
    expect(events.json.results[0]).toMatchObject({
      type: 'frame_session_joined',
      details: { origin: PARTNER_ORIGIN, client_id: PARTNER_ID, session_id: joined.json.session },
    });
    // The frame's refresh works as the SPA's does, within the sign-in's lifetime.
    expect((await server.post(`${V1}/TokenRefresh/`, { refresh: joined.json.refresh })).status).toBe(200);
  });

  it('ends with the sign-in it was joined from', async () => {
    const joined = await join();
    await logout(aziza);
    expect(await profile(joined.json.access)).toBe(401);
    expect((await server.post(`${V1}/TokenRefresh/`, { refresh: joined.json.refresh })).status).toBe(401);
  });

  it('ends with "end other sessions" of the very sign-in it was joined from', async () => {
    const joined = await join();
    const proof = await server.post(
      `${V1}/user/security/proof/`,
      { password: STRONG_PASSWORD },
      { token: aziza.access },
    );
    const ended = await server.post(
      `${V1}/user/sessions/end-others/`,
      { proof: proof.json.proof },
      { token: aziza.access },
    );
    expect([ended.status, ended.json]).toEqual([200, { ended: 1 }]);
    expect(await profile(joined.json.access)).toBe(401);
    expect(await profile(aziza.access)).toBe(200);
  });

  it('ends with a password change, even one that keeps the other sign-ins', async () => {
    const joined = await join();
    const body = { old_password: STRONG_PASSWORD, new_password: 'Boshqa-Qovun-Chorsu-9', end_other_sessions: false };
    const changed = await server.post(`${V1}/user/change-password/`, body, { token: aziza.access });
    expect([changed.status, changed.json.ended]).toEqual([200, 1]);
    expect(await profile(joined.json.access)).toBe(401);
    expect((await server.post(`${V1}/TokenRefresh/`, { refresh: joined.json.refresh })).status).toBe(401);
  });

  it('needs a nonce of this account, device, client and origin, used once, within 60 seconds', async () => {
    const refusal = { errors: [{ error: 'frame_join_expired' }] };
    const send = (extra: Record<string, string | undefined>, on: CookieJar = jar, body = partner()) =>
      frame('POST', 'session/', SAME_ORIGIN, { ...body, ...extra }, on).then((answer) => [answer.status, answer.json]);
    expect(await send({})).toEqual([403, refusal]);
    expect(await send({ nonce: 'x'.repeat(43) })).toEqual([403, refusal]);

    const stale = await nonceFor();
    server.clock.advanceSeconds(60);
    expect(await send({ nonce: stale })).toEqual([403, refusal]);

    const once = await nonceFor();
    expect((await send({ nonce: once }))[0]).toBe(200);
    expect(await send({ nonce: once })).toEqual([403, refusal]);

    // Another device where the same account is signed in: its nonce is not this device's.
    const phone = cookieJar();
    phone.keep(await server.post(`${V1}/login/LoginUser/`, { phone: '+998901130001', password: STRONG_PASSWORD }));
    expect(await send({ nonce: await nonceFor(partner(), phone) })).toEqual([403, refusal]);
    // Another client's frame.
    const other = partner({ client_id: OTHER_ID, origin: OTHER_ORIGIN });
    expect(await send({ nonce: await nonceFor(other) })).toEqual([403, refusal]);
    // Nothing was joined but the one.
    expect(
      await server.db.selectFrom('sessions').select('id').where('parent_session_id', 'is not', null).execute(),
    ).toHaveLength(1);
  });

  it('gives a nonce only for an origin the client registered, and only for an account the cookie vouches for', async () => {
    expect((await frame('POST', 'nonce/', SAME_ORIGIN, partner({ origin: OTHER_ORIGIN }))).json).toEqual({
      errors: [{ error: 'origin_not_allowed', field: 'origin' }],
    });
    expect((await frame('POST', 'nonce/', SAME_ORIGIN, partner({ client_id: 'nobody' }))).json).toEqual({
      errors: [{ error: 'invalid_client', field: 'client_id' }],
    });
    const stranger = await frame(
      'POST',
      'nonce/',
      SAME_ORIGIN,
      partner({ user_uuid: '0190a6f0-0000-7000-8000-000000000000' }),
    );
    expect([stranger.status, stranger.json]).toEqual([404, { errors: [{ error: 'account_not_found' }] }]);
    expect((await frame('POST', 'nonce/', SAME_ORIGIN, partner(), cookieJar())).status).toBe(404);
  });

  it('gives a device 20 nonces a minute, then 429 rate_limit_error with Retry-After, and more after the minute', async () => {
    for (let tap = 0; tap < 20; tap += 1)
      expect((await frame('POST', 'nonce/', SAME_ORIGIN, partner())).status).toBe(200);
    const refused = await frame('POST', 'nonce/', SAME_ORIGIN, partner());
    expect([refused.status, refused.json, Number(refused.headers.get('retry-after'))]).toEqual([
      429,
      { errors: [{ error: 'rate_limit_error' }] },
      60,
    ]);
    server.clock.advanceSeconds(60);
    expect((await frame('POST', 'nonce/', SAME_ORIGIN, partner())).status).toBe(200);
  });

  it('refuses a cross-site or unmarked request (403)', async () => {
    for (const headers of [{}, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }] as Record<
      string,
      string
    >[]) {
      expect((await frame('GET', 'accounts/', headers)).json).toEqual({ errors: [{ error: 'cross_site_request' }] });
      expect((await frame('POST', 'nonce/', headers, partner())).json).toEqual({
        errors: [{ error: 'cross_site_request' }],
      });
      expect((await frame('POST', 'session/', headers, partner())).status).toBe(403);
    }
  });
});
