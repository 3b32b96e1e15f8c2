import { describe, expect, it } from 'vitest';
import { useTestServer, V1 } from '../../test-support/test-server.js';

const PROFILE = `${V1}/user/profile/`;
const MY_PROFILE = `${V1}/user/MyProfile`;

const server = useTestServer();

const patch = (token: string, body: unknown) => server.call('PATCH', PROFILE, { token, body });

describe('PATCH /user/profile/', () => {
  it('changes the given fields, answers the MyProfile body and keeps the others', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const answer = await patch(tokens.access, {
      first_name: '  Gulnora ',
      middle_name: 'Rustamovna',
      username: 'Gulnora.K_90',
      birth_date: '1990-02-28',
      gender: 'female',
    });
    expect(answer.status).toBe(200);
    expect(answer.json.profile).toEqual({
      first_name: 'Gulnora',
      last_name: 'Yusupova',
      middle_name: 'Rustamovna',
      username: 'gulnora.k_90',
      birth_date: '1990-02-28',
      gender: 'female',
      photo: null,
    });
    const profile = await server.call('GET', MY_PROFILE, { token: tokens.access });
    expect(profile.json).toEqual(answer.json);
    expect(profile.json).toMatchObject({
      id: tokens.user_uuid,
      phone: '+998903330011',
      verification_status: 'not_verified',
    });
    // The security log names the fields that changed, never their values.
    const [event] = (await server.call('GET', `${V1}/user/security/events/`, { token: tokens.access })).json.results;
    expect(event).toMatchObject({
      type: 'profile_changed',
      details: { fields: 'birth_date,first_name,gender,middle_name,username' },
    });
  });

  it('logs only the fields that changed, and nothing for a save that changes nothing', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const events = async () =>
      (await server.call('GET', `${V1}/user/security/events/`, { token: tokens.access })).json.results;
    await patch(tokens.access, { first_name: 'Gulnora', last_name: 'Yusupova', middle_name: 'Rustamovna' });
    const [first] = await events();
    expect(first).toMatchObject({ type: 'profile_changed', details: { fields: 'first_name,middle_name' } });
    const before = (await events()).length;

    const again = await patch(tokens.access, {
      first_name: 'Gulnora',
      last_name: 'Yusupova',
      middle_name: 'Rustamovna',
    });
    expect(again.status).toBe(200);
    expect(again.json.profile).toMatchObject({ first_name: 'Gulnora', middle_name: 'Rustamovna' });
    expect(await events()).toHaveLength(before);
  });

  it('clears the optional fields with an empty string', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    await patch(tokens.access, {
      middle_name: 'Rustamovna',
      username: 'gulnora',
      birth_date: '1990-02-28',
      gender: 'female',
    });
    const answer = await patch(tokens.access, { middle_name: '', username: '', birth_date: '', gender: '' });
    expect(answer.status).toBe(200);
    expect(answer.json.profile).toMatchObject({ middle_name: null, username: null, birth_date: null, gender: null });
  });

  it('accepts an empty body as no change', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    const answer = await patch(tokens.access, {});
    expect(answer.status).toBe(200);
    expect(answer.json.profile.first_name).toBe('Dilnoza');
  });

  it.each([
    [{ first_name: '' }, 'invalid_name', 'first_name'],
    [{ last_name: 'Yusupova2' }, 'invalid_name', 'last_name'],
    [{ first_name: null }, 'invalid_name', 'first_name'],
    [{ middle_name: '<b>' }, 'invalid_name', 'middle_name'],
    [{ middle_name: 'a'.repeat(65) }, 'invalid_name', 'middle_name'],
    [{ username: 'ab' }, 'username_min_length', 'username'],
    [{ username: 'dil noza' }, 'invalid_username', 'username'],
    [{ username: 'дилноза' }, 'invalid_username', 'username'],
    [{ username: 'a'.repeat(33) }, 'invalid_username', 'username'],
    [{ username: 42 }, 'invalid_username', 'username'],
    [{ birth_date: '2023-02-29' }, 'invalid_birth_date', 'birth_date'],
    [{ birth_date: '1990-13-01' }, 'invalid_birth_date', 'birth_date'],
    [{ birth_date: '1899-12-31' }, 'invalid_birth_date', 'birth_date'],
    [{ birth_date: '2026-11-23' }, 'invalid_birth_date', 'birth_date'],
    [{ birth_date: '22.11.1990' }, 'invalid_birth_date', 'birth_date'],
    [{ gender: 'other' }, 'invalid_value', 'gender'],
    [{ phone: '+998901234567' }, 'unknown_field', 'phone'],
  ])('refuses %j with %s', async (body, error, field) => {
    const tokens = await server.registerByPhone('+998903330011');
    const answer = await patch(tokens.access, body);
    expect([answer.status, answer.json]).toEqual([400, { errors: [{ error, field }] }]);
    expect((await server.call('GET', MY_PROFILE, { token: tokens.access })).json.profile.first_name).toBe('Dilnoza');
  });

  it('says every problem of a request at once, each under its field, and changes nothing', async () => {
    const holder = await server.registerByPhone('+998903330022');
    expect((await patch(holder.access, { username: 'dilnoza' })).status).toBe(200);
    const tokens = await server.registerByPhone('+998903330011');
    const answer = await patch(tokens.access, {
      first_name: '',
      last_name: 'Yusupova2',
      username: 'DilNoza',
      birth_date: '2026-12-01',
      gender: 'other',
    });
    expect(answer.status).toBe(400);
    expect(answer.json.errors).toEqual(
      expect.arrayContaining([
        { error: 'invalid_name', field: 'first_name' },
        { error: 'invalid_name', field: 'last_name' },
        { error: 'invalid_value', field: 'gender' },
        { error: 'invalid_birth_date', field: 'birth_date' },
        { error: 'username_invalid_or_exists_username', field: 'username' },
      ]),
    );
    expect(answer.json.errors).toHaveLength(5);
    expect((await server.call('GET', MY_PROFILE, { token: tokens.access })).json.profile).toMatchObject({
      first_name: 'Dilnoza',
      username: null,
      birth_date: null,
    });
  });

  it('takes a birth date of today in Tashkent while it is still yesterday in UTC', async () => {
    server.clock.set(Date.UTC(2026, 10, 22, 20, 0, 0)); // 01:00 on the 23rd in Tashkent
    const tokens = await server.registerByPhone('+998903330011');
    expect((await patch(tokens.access, { birth_date: '2026-11-23' })).status).toBe(200);
    expect((await patch(tokens.access, { birth_date: '2026-11-24' })).json).toEqual({
      errors: [{ error: 'invalid_birth_date', field: 'birth_date' }],
    });
  });

  it('refuses a username another account holds, in any case, and lets the holder keep it', async () => {
    const first = await server.registerByPhone('+998903330011');
    const second = await server.registerByPhone('+998903330022');
    expect((await patch(first.access, { username: 'dilnoza' })).status).toBe(200);
    expect((await patch(second.access, { username: 'DilNoza' })).json).toEqual({
      errors: [{ error: 'username_invalid_or_exists_username', field: 'username' }],
    });
    expect((await patch(first.access, { username: 'dilnoza', first_name: 'Dilya' })).status).toBe(200);
  });

  it('is refused to a deactivated account with 403 account_inactive', async () => {
    const tokens = await server.registerByPhone('+998903330011');
    await server.db.updateTable('users').set({ is_inactivated: 1 }).where('id', '=', tokens.user_uuid).execute();
    const answer = await patch(tokens.access, { first_name: 'Gulnora' });
    expect([answer.status, answer.json]).toEqual([403, { errors: [{ error: 'account_inactive' }] }]);
  });

  it('needs a signed-in caller and a JSON body', async () => {
    expect((await server.call('PATCH', PROFILE, { body: {} })).status).toBe(401);
    const tokens = await server.registerByPhone('+998903330011');
    const form = await server.call('PATCH', PROFILE, {
      token: tokens.access,
      rawBody: 'first_name=X',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([form.status, form.json]).toEqual([415, { errors: [{ error: 'unsupported_media_type' }] }]);
  });
});
