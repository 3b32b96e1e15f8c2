import { describe, expect, it } from 'vitest';
import { REGISTER_PATH, STRONG_PASSWORD, useTestServer, V1, type CallResult } from '../../test-support/test-server.js';

const DEVICE_LIST = `${V1}/user/deviceprofile/DeviceProfileList`;

const server = useTestServer();

describe('MyProfile', () => {
  it('shows the signed-in user and what the account pages need', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const profile = await server.call('GET', `${V1}/user/MyProfile`, { token: tokens.access });
    expect(profile.json).toEqual({
      id: tokens.user_uuid,
      phone: '+998903330011',
      email: null,
      email_verified: false,
      has_password: true,
      password_changed_at: new Date(server.clock.now()).toISOString(),
      profile: {
        first_name: 'Dilnoza',
        last_name: 'Yusupova',
        middle_name: null,
        username: null,
        birth_date: null,
        gender: null,
        photo: null,
      },
      verification_status: 'not_verified',
      secondary_phone: null,
      secondary_email: null,
      is_inactivated: false,
      inactivated_at: null,
      erase_at: null,
      date_joined: new Date(server.clock.now()).toISOString(),
    });
  });
});

/**
 * A browser's cookie jar, as far as the device cookie goes: what a sign-in set is sent with every
 * later call, as a browser sends a SameSite=Strict cookie with the SPA's own calls.
 */
function browser() {
  let cookie: string | undefined;
  return {
    headers: (): Record<string, string> => (cookie ? { cookie } : {}),
    keep(answer: CallResult): CallResult {
      const set = /__Host-kirish_device=([^;]*)/.exec(answer.headers.get('set-cookie') ?? '');
      if (set) cookie = `__Host-kirish_device=${set[1]}`;
      return answer;
    },
    get cookie() {
      return cookie;
    },
  };
}
type Browser = ReturnType<typeof browser>;

/** Registers an account in `on`, which keeps the device cookie the answer sets. */
async function registerIn(
  on: Browser,
  phone: string,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const requestId = await server.verify({ phone });
  const body = {
    request_id: requestId,
    password: STRONG_PASSWORD,
    first_name: 'Dilnoza',
    last_name: 'Yusupova',
    kind: 2,
    ...extra,
  };
  const answer = on.keep(await server.post(REGISTER_PATH, body, { headers: { ...on.headers(), ...headers } }));
  expect(answer.status, answer.text).toBe(201);
  return answer.json as { access: string; refresh: string; user_uuid: string };
}

const listIn = (on: Browser, access: string, headers: Record<string, string> = {}) =>
  server.call('GET', DEVICE_LIST, { token: access, headers: { ...on.headers(), ...headers } });
const uuids = (answer: CallResult) => (answer.json as { uuid: string }[]).map((profile) => profile.uuid);

describe('DeviceProfileList', () => {
  it('lists the accounts that signed in in this browser, masked, the caller marked', async () => {
    const laptop = browser();
    const first = await registerIn(laptop, '+998903330011');
    server.clock.advanceSeconds(60);
    const second = await registerIn(laptop, '+998903330022', { first_name: 'Sardor' });
    await registerIn(browser(), '+998903330033');

    const list = await listIn(laptop, second.access);
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      expect.objectContaining({
        uuid: second.user_uuid,
        first_name: 'Sardor',
        phone: '+998 90 *** ** 22',
        email: null,
        is_current: true,
        has_active_session: true,
        photo: null,
      }),
      expect.objectContaining({
        uuid: first.user_uuid,
        first_name: 'Dilnoza',
        phone: '+998 90 *** ** 11',
        is_current: false,
        has_active_session: true,
      }),
    ]);
  });

  it('gives each account’s photo, for the chooser, as an absolute 200 px address (issue 12)', async () => {
    const laptop = browser();
    const first = await registerIn(laptop, '+998903330011');
    const second = await registerIn(laptop, '+998903330022');
    await server.db.updateTable('users').set({ photo: 'avatars/abc.webp' }).where('id', '=', first.user_uuid).execute();

    const list = (await listIn(laptop, second.access)).json as { uuid: string; photo: string | null }[];
    expect(Object.fromEntries(list.map((profile) => [profile.uuid, profile.photo]))).toEqual({
      [first.user_uuid]: `${server.config.publicUrl}/cdn/200x/avatars/abc.webp`,
      [second.user_uuid]: null,
    });
  });

  it('binds the browser by an HttpOnly, SameSite=Strict __Host- cookie of 256 random bits, for a year', async () => {
    const answer = await server.post(REGISTER_PATH, {
      request_id: await server.verify({ phone: '+998903330011' }),
      password: STRONG_PASSWORD,
      first_name: 'A',
      last_name: 'B',
      kind: 2,
    });
    const cookie = answer.headers.getSetCookie().find((line) => line.startsWith('__Host-kirish_device=')) ?? '';
    // Secure even over http (the test server's PUBLIC_URL): a __Host- cookie is nothing without it (RFC 6265bis §4.1.3.2).
    expect(cookie).toMatch(
      /^__Host-kirish_device=[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    const session = await server.db.selectFrom('sessions').select('device_id').executeTakeFirstOrThrow();
    // The database keeps only a hash of the secret.
    expect(session.device_id).not.toBe(/__Host-kirish_device=([^;]*)/.exec(cookie)?.[1]);
    expect(session.device_id).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("signs in with the browser's cookie: a new secret, which the device's accounts follow, and the old one lists nothing", async () => {
    const laptop = browser();
    const first = await registerIn(laptop, '+998903330011');
    const before = laptop.cookie ?? '';
    const signIn = laptop.keep(
      await server.post(
        `${V1}/login/LoginUser/`,
        { phone: '+998903330011', password: STRONG_PASSWORD },
        { headers: laptop.headers() },
      ),
    );
    expect(signIn.headers.get('set-cookie')).not.toContain(before);
    expect(uuids(await listIn(laptop, signIn.json.access))).toEqual([first.user_uuid]);
    // Listed with another browser's token (the caller is always listed), the old secret names no account of this device.
    const other = await registerIn(browser(), '+998903330022');
    expect(uuids(await server.call('GET', DEVICE_LIST, { token: other.access, headers: { cookie: before } }))).toEqual([
      other.user_uuid,
    ]);
  });

  it('shows a signed-out account as not active', async () => {
    const laptop = browser();
    const first = await registerIn(laptop, '+998903330011');
    const second = await registerIn(laptop, '+998903330022');
    await server.call('DELETE', `${V1}/user/LogoutUser/`, { token: first.access });
    const list = await listIn(laptop, second.access);
    expect(list.json.find((p: { uuid: string }) => p.uuid === first.user_uuid)?.has_active_session).toBe(false);
  });

  it("does not trust the Device-Id header: signing in with another device's id shows none of its accounts", async () => {
    const victim = browser();
    const victimAccount = await registerIn(victim, '+998903330011', {}, { 'device-id': 'victim-fingerprint' });
    // The attacker knows the victim's device id (a fingerprint is stable; cmmtuuid is readable by scripts)
    // and sends it at sign-in and at listing, from a browser of their own or with no cookie at all.
    const attackerBrowser = browser();
    const attacker = await registerIn(attackerBrowser, '+998903330022', {}, { 'device-id': 'victim-fingerprint' });
    for (const on of [attackerBrowser, browser()]) {
      const list = await listIn(on, attacker.access, { 'device-id': 'victim-fingerprint' });
      expect(uuids(list)).toEqual([attacker.user_uuid]);
    }
    // The victim's own browser still lists the victim.
    expect(uuids(await listIn(victim, victimAccount.access))).toEqual([victimAccount.user_uuid]);
  });

  it("needs the cookie, not the token: another browser's token with this browser's cookie lists this browser", async () => {
    const laptop = browser();
    const first = await registerIn(laptop, '+998903330011');
    const phone = browser();
    const second = await registerIn(phone, '+998903330022');
    expect(uuids(await listIn(laptop, second.access))).toEqual([second.user_uuid, first.user_uuid]);
    expect(uuids(await listIn(phone, second.access))).toEqual([second.user_uuid]);
  });

  it('ignores a malformed device cookie: the sign-in gets a new device, and the listing shows the caller only', async () => {
    const forged = { cookie: '__Host-kirish_device=not-a-device-secret' };
    const answer = await server.post(
      `${V1}/login/LoginUser/`,
      { phone: '+998903330011', password: STRONG_PASSWORD },
      { headers: forged },
    );
    expect(answer.status).toBe(400);
    const account = await registerIn(browser(), '+998903330011', {}, forged);
    const list = await server.call('GET', DEVICE_LIST, { token: account.access, headers: forged });
    expect(uuids(list)).toEqual([account.user_uuid]);
  });

  it('sets no cookie on a failed sign-in', async () => {
    await registerIn(browser(), '+998903330011');
    const refused = await server.post(`${V1}/login/LoginUser/`, {
      phone: '+998903330011',
      password: 'not-the-password',
    });
    expect([refused.status, refused.headers.get('set-cookie')]).toEqual([400, null]);
  });

  it('needs a signed-in caller', async () => {
    const anonymous = await server.call('GET', DEVICE_LIST);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe('not_authenticated');
  });
});

describe('restoring a password', () => {
  it('sets the new password by an SMS proof and ends every session of the account', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const second = await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: STRONG_PASSWORD });
    const requestId = await server.verify({ phone: '+998903330011' }, 'forget_pass_verification');
    const restored = await server.post(`${V1}/restore-password/RestorePasswordSms/`, {
      request_id: requestId,
      password: 'Yangi-parol-Toshkent-9',
    });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual({ detail: 'password_changed', ended: 2, ended_apps: 0 });

    for (const session of [tokens, second.json]) {
      expect((await server.call('GET', `${V1}/user/MyProfile`, { token: session.access })).status).toBe(401);
      expect((await server.post(`${V1}/TokenRefresh/`, { refresh: session.refresh })).status).toBe(401);
    }
    const old = await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: STRONG_PASSWORD });
    expect(old.json).toEqual({ errors: [{ error: 'invalid_credentials' }] });
    expect(
      (await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: 'Yangi-parol-Toshkent-9' }))
        .status,
    ).toBe(200);
  });

  it('sets the new password by an e-mail proof', async () => {
    const requestId = await server.verify({ email: 'kamola@example.uz' });
    await server.post('/sso/api/v2/register/RegisterUser/', {
      request_id: requestId,
      password: STRONG_PASSWORD,
      first_name: 'Kamola',
      last_name: 'Ergasheva',
      kind: 1,
    });
    const proof = await server.verify({ email: 'kamola@example.uz' }, 'forget_pass_verification');
    expect(
      (
        await server.post(`${V1}/restore-password/RestorePasswordEmail/`, {
          request_id: proof,
          password: 'Yangi-parol-Toshkent-9',
        })
      ).status,
    ).toBe(200);
    expect(
      (await server.post(`${V1}/login/LoginUser/`, { email: 'kamola@example.uz', password: 'Yangi-parol-Toshkent-9' }))
        .status,
    ).toBe(200);
  });

  it('lifts a login lock once the owner proves the phone', async () => {
    await server.registerByPhone('+998903330011');
    for (let i = 0; i < 5; i += 1)
      await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: 'guess-guess' });
    const requestId = await server.verify({ phone: '+998903330011' }, 'forget_pass_verification');
    await server.post(`${V1}/restore-password/RestorePasswordSms/`, {
      request_id: requestId,
      password: 'Yangi-parol-Toshkent-9',
    });
    expect(
      (await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: 'Yangi-parol-Toshkent-9' }))
        .status,
    ).toBe(200);
  });

  it('refuses a sign-up proof, a proof for the other channel, and a weak password, keeping the proof', async () => {
    await server.registerByPhone('+998903330011');
    server.clock.advanceSeconds(121);
    const signUpProof = await server.verify({ phone: '+998903330011' });
    const sms = `${V1}/restore-password/RestorePasswordSms/`;
    expect((await server.post(sms, { request_id: signUpProof, password: 'Yangi-parol-Toshkent-9' })).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
    const proof = await server.verify({ phone: '+998903330011' }, 'forget_pass_verification');
    expect(
      (
        await server.post(`${V1}/restore-password/RestorePasswordEmail/`, {
          request_id: proof,
          password: 'Yangi-parol-Toshkent-9',
        })
      ).json,
    ).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
    expect((await server.post(sms, { request_id: proof, password: '12345678' })).json).toEqual({
      errors: [{ error: 'password_too_common', field: 'password' }],
    });
    expect((await server.post(sms, { request_id: proof, password: 'Yangi-parol-Toshkent-9' })).status).toBe(200);
  });
});
