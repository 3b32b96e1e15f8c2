import { describe, expect, it } from 'vitest';
import { useTestServer, STRONG_PASSWORD, V1 } from '../../test-support/test-server.js';

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
      profile: { first_name: 'Dilnoza', last_name: 'Yusupova', middle_name: null, username: null, birth_date: null, gender: null, photo: null },
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

describe('DeviceProfileList', () => {
  it('lists the accounts that signed in with this device, masked, the caller marked', async () => {
    const device = { 'device-id': 'family-laptop' };
    const first = await server.registerByPhone('+998903330011', {}, device);
    server.clock.advanceSeconds(60);
    const second = await server.registerByPhone('+998903330022', { first_name: 'Sardor' }, device);
    await server.registerByPhone('+998903330033', {}, { 'device-id': 'another-phone' });

    const list = await server.call('GET', DEVICE_LIST, { token: second.access, headers: device });
    expect(list.status).toBe(200);
    expect(list.json).toEqual([
      expect.objectContaining({ uuid: second.user_uuid, first_name: 'Sardor', phone: '+998 90 *** ** 22', email: null, is_current: true, has_active_session: true }),
      expect.objectContaining({ uuid: first.user_uuid, first_name: 'Dilnoza', phone: '+998 90 *** ** 11', is_current: false, has_active_session: true }),
    ]);
  });

  it('shows a signed-out account as not active', async () => {
    const device = { 'device-id': 'family-laptop' };
    const first = await server.registerByPhone('+998903330011', {}, device);
    const second = await server.registerByPhone('+998903330022', {}, device);
    await server.call('DELETE', `${V1}/user/LogoutUser/`, { token: first.access });
    const list = await server.call('GET', DEVICE_LIST, { token: second.access });
    expect(list.json.find((p: { uuid: string }) => p.uuid === first.user_uuid)?.has_active_session).toBe(false);
  });

  it('uses the device of the caller\'s session, not a Device-Id header naming another device', async () => {
    await server.registerByPhone('+998903330011', {}, { 'device-id': 'victim-device' });
    const attacker = await server.registerByPhone('+998903330022', {}, { 'device-id': 'attacker-device' });
    const list = await server.call('GET', DEVICE_LIST, { token: attacker.access, headers: { 'device-id': 'victim-device' } });
    expect(list.json.map((p: { uuid: string }) => p.uuid)).toEqual([attacker.user_uuid]);
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
    const restored = await server.post(`${V1}/restore-password/RestorePasswordSms/`, { request_id: requestId, password: 'Yangi-parol-Toshkent-9' });
    expect(restored.status).toBe(200);
    expect(restored.json).toEqual({ detail: 'password_changed' });

    for (const session of [tokens, second.json]) {
      expect((await server.call('GET', `${V1}/user/MyProfile`, { token: session.access })).status).toBe(401);
      expect((await server.post(`${V1}/TokenRefresh/`, { refresh: session.refresh })).status).toBe(401);
    }
    const old = await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: STRONG_PASSWORD });
    expect(old.json).toEqual({ errors: [{ error: 'invalid_credentials' }] });
    expect((await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: 'Yangi-parol-Toshkent-9' })).status).toBe(200);
  });

  it('sets the new password by an e-mail proof', async () => {
    const requestId = await server.verify({ email: 'kamola@example.uz' });
    await server.post('/sso/api/v2/register/RegisterUser/', { request_id: requestId, password: STRONG_PASSWORD, first_name: 'Kamola', last_name: 'Ergasheva', kind: 1 });
    const proof = await server.verify({ email: 'kamola@example.uz' }, 'forget_pass_verification');
    expect((await server.post(`${V1}/restore-password/RestorePasswordEmail/`, { request_id: proof, password: 'Yangi-parol-Toshkent-9' })).status).toBe(200);
    expect((await server.post(`${V1}/login/LoginUser/`, { email: 'kamola@example.uz', password: 'Yangi-parol-Toshkent-9' })).status).toBe(200);
  });

  it('lifts a login lock once the owner proves the phone', async () => {
    await server.registerByPhone('+998903330011');
    for (let i = 0; i < 5; i += 1) await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: 'guess-guess' });
    const requestId = await server.verify({ phone: '+998903330011' }, 'forget_pass_verification');
    await server.post(`${V1}/restore-password/RestorePasswordSms/`, { request_id: requestId, password: 'Yangi-parol-Toshkent-9' });
    expect((await server.post(`${V1}/login/LoginUser/`, { phone: '+998903330011', password: 'Yangi-parol-Toshkent-9' })).status).toBe(200);
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
    expect((await server.post(`${V1}/restore-password/RestorePasswordEmail/`, { request_id: proof, password: 'Yangi-parol-Toshkent-9' })).json).toEqual({
      errors: [{ error: 'request_id_error', field: 'request_id' }],
    });
    expect((await server.post(sms, { request_id: proof, password: '12345678' })).json).toEqual({ errors: [{ error: 'password_too_common', field: 'password' }] });
    expect((await server.post(sms, { request_id: proof, password: 'Yangi-parol-Toshkent-9' })).status).toBe(200);
  });
});
