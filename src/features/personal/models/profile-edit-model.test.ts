import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../lib/session';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { createProfileEditModel, PHOTO_MAX_BYTES } from './profile-edit-model';

const SSO = '/sso/api/v1';
const user: UserProfile = {
  id: 'u1',
  phone: '+998901234567',
  email: null,
  email_verified: false,
  has_password: true,
  profile: { first_name: 'Aziza', last_name: 'Karimova', middle_name: null, username: null, birth_date: null, gender: null, photo: null },
  is_inactivated: false,
};

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const changed: UserProfile[] = [];
  const model = createProfileEditModel({ http: server.http, ssoApi: SSO, user, showError, now: () => new Date(2026, 10, 22), onChanged: (profile) => void changed.push(profile) });
  return { server, toasts, changed, model };
}

describe('editing the profile', () => {
  it('sends the trimmed, lower-cased values and takes the answer as the profile', async () => {
    const { server, changed, model } = setup();
    const saved = { ...user, profile: { ...user.profile, username: 'aziza.k', birth_date: '1995-03-08', gender: 'female' as const } };
    server.answer('patch', `${SSO}/user/profile/`, saved);
    model.username.value = '  Aziza.K ';
    model.birthDate.value = '1995-03-08';
    model.gender.value = 'female';
    model.middleName.value = ' Akmalovna ';
    expect(await model.save()).toBe(true);
    expect(server.calls).toEqual([
      { method: 'patch', url: `${SSO}/user/profile/`, body: { first_name: 'Aziza', last_name: 'Karimova', middle_name: 'Akmalovna', username: 'aziza.k', birth_date: '1995-03-08', gender: 'female' } },
    ]);
    expect(changed).toEqual([saved]);
  });

  it.each([
    ['username', 'ab', 'username_min_length'],
    ['username', 'bad name!', 'username_invalid_or_exists_username'],
    ['birthDate', '2026-11-23', 'invalid_birth_date'],
    ['birthDate', '1899-12-31', 'invalid_birth_date'],
    ['firstName', '  ', 'field_required'],
  ] as const)('refuses %s "%s" with %s beside it, sending nothing', async (field, value, key) => {
    const { server, model } = setup();
    model[field].value = value;
    expect(await model.save()).toBe(false);
    const name = { username: 'username', birthDate: 'birth_date', firstName: 'first_name' }[field];
    expect(model.form.errors.value[name]).toBe(key);
    expect(server.calls).toEqual([]);
  });

  it('shows the server’s answer beside its field (a taken username)', async () => {
    const { server, model, toasts } = setup();
    server.fail('patch', `${SSO}/user/profile/`, failure(400, 'username_invalid_or_exists_username', 'username'));
    model.username.value = 'taken';
    expect(await model.save()).toBe(false);
    expect(model.form.errors.value).toEqual({ username: 'username_invalid_or_exists_username' });
    expect(toasts).toEqual([]);
  });
});

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('the photo', () => {
  it('uploads an image and shows it as the profile photo', async () => {
    const { server, changed, model } = setup();
    server.answer('post', `${SSO}/user/photo/`, { photo: 'avatars/u1-abc.webp' });
    expect(await model.uploadPhoto(file('me.png', 'image/png'))).toBe(true);
    const body = server.calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData ? body.get('photo') : null).toBeInstanceOf(File);
    expect(changed.at(-1)?.profile.photo).toBe('avatars/u1-abc.webp');
  });

  it('refuses what is not an image, and a file over 5 MB, before sending', async () => {
    const { server, model } = setup();
    expect(await model.uploadPhoto(file('notes.txt', 'text/plain'))).toBe(false);
    expect(model.form.errors.value.photo).toBe('invalid_media_type');
    expect(await model.uploadPhoto(file('big.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1))).toBe(false);
    expect(model.form.errors.value.photo).toBe('file_too_large');
    expect(server.calls).toEqual([]);
  });

  it('removes the photo', async () => {
    const { server, changed, model } = setup();
    server.answer('delete', `${SSO}/user/photo/`, null);
    expect(await model.removePhoto()).toBe(true);
    expect(changed.at(-1)?.profile.photo).toBeNull();
  });
});
