import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../../lib/session';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { createProfileEditModel, PHOTO_MAX_BYTES, type ProfilePart } from './profile-edit-model';
import { userProfile } from '../../../lib/testing/user-profile';

const SSO = '/sso/api/v1';
const user: UserProfile = userProfile('u1', { first: 'Aziza', last: 'Karimova' });

function setup(signedIn: UserProfile = user, parts?: readonly ProfilePart[]) {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const changed: UserProfile[] = [];
  const model = createProfileEditModel({
    http: server.http,
    ssoApi: SSO,
    user: signedIn,
    showError,
    now: () => new Date(2026, 10, 22),
    ...(parts && { parts }),
    onChanged: (profile) => void changed.push(profile),
  });
  return { server, toasts, changed, model };
}

describe('editing the profile', () => {
  it('sends the trimmed, lower-cased values and takes the answer as the profile', async () => {
    const { server, changed, model } = setup();
    const saved = {
      ...user,
      profile: { ...user.profile, username: 'aziza.k', birth_date: '1995-03-08', gender: 'female' as const },
    };
    server.answer('patch', `${SSO}/user/profile/`, saved);
    model.username.value = '  Aziza.K ';
    // Typed as people here write it; sent as the API's YYYY-MM-DD.
    model.birthDate.value = '08.03.1995';
    model.gender.value = 'female';
    model.middleName.value = ' Akmalovna ';
    expect(await model.save()).toBe(true);
    expect(server.calls).toEqual([
      {
        method: 'patch',
        url: `${SSO}/user/profile/`,
        body: {
          first_name: 'Aziza',
          last_name: 'Karimova',
          middle_name: 'Akmalovna',
          username: 'aziza.k',
          birth_date: '1995-03-08',
          gender: 'female',
        },
      },
    ]);
    expect(changed).toEqual([saved]);
  });

  it.each([
    ['username', 'ab', 'username_min_length'],
    ['username', 'bad name!', 'invalid_username'],
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

/** Types `name` a letter at a time, 100 ms apart. */
function typeLetters(model: ReturnType<typeof setup>['model'], name: string) {
  for (let end = 1; end <= name.length; end += 1) {
    model.typeUsername(name.slice(0, end));
    vi.advanceTimersByTime(100);
  }
}

describe('the username while it is typed (docs/product.md §9)', () => {
  const CHECK = `${SSO}/check/CheckUsername/`;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says a taken username beside the field once the person pauses, asking once', async () => {
    const { server, model, toasts } = setup();
    server.answer('get', CHECK, { available: false });

    typeLetters(model, 'Dilnoza');
    expect(server.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(399);
    expect(server.calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);

    expect(server.calls).toEqual([{ method: 'get', url: CHECK, params: { username: 'dilnoza' } }]);
    expect(model.form.errors.value).toEqual({ username: 'username_invalid_or_exists_username' });
    expect(toasts).toEqual([]);
  });

  it('says nothing of a free username, and takes a shown error away as the person types on', async () => {
    const { server, model } = setup();
    server.answer('get', CHECK, { available: false });
    server.answer('get', CHECK, { available: true });
    typeLetters(model, 'dilnoza');
    await vi.advanceTimersByTimeAsync(500);
    expect(model.form.errors.value).toEqual({ username: 'username_invalid_or_exists_username' });

    model.typeUsername('dilnoza.90');
    expect(model.form.errors.value).toEqual({});
    await vi.advanceTimersByTimeAsync(500);
    expect(model.form.errors.value).toEqual({});
  });

  it.each([
    ['dil noza', 'invalid_username'],
    ['ab', 'username_min_length'],
  ])('says what is wrong with the shape of "%s" (%s) without asking the server', async (name, key) => {
    const { server, model } = setup();
    model.typeUsername(name);
    await vi.advanceTimersByTimeAsync(500);
    expect(model.form.errors.value).toEqual({ username: key });
    expect(server.calls).toEqual([]);
  });

  it('does not ask about an emptied field or the person’s own username', async () => {
    const { server, model } = setup();
    model.typeUsername('aziza');
    model.typeUsername('');
    await vi.advanceTimersByTimeAsync(1_000);
    const named = setup({ ...user, profile: { ...user.profile, username: 'aziza' } });
    named.model.typeUsername('x');
    named.model.typeUsername('Aziza ');
    await vi.advanceTimersByTimeAsync(1_000);
    expect([...server.calls, ...named.server.calls]).toEqual([]);
    expect(model.form.errors.value).toEqual({});
  });

  it('forgets an answer about a name the person has changed since', async () => {
    const { server, model } = setup();
    server.answer('get', CHECK, { available: false });
    model.typeUsername('dilnoza');
    vi.advanceTimersByTime(500); // the question goes out...
    model.typeUsername('dilnoza1'); // ...and the person types on before the answer is read
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(1);
    expect(model.form.errors.value).toEqual({});
  });

  it('says the server’s refusal of the name beside it, and nothing while typing for other failures', async () => {
    const { server, model, toasts } = setup();
    server.fail('get', CHECK, failure(400, 'invalid_username', 'username'));
    server.fail('get', CHECK, failure(429, 'rate_limit_error'));
    model.typeUsername('dilnoza');
    await vi.advanceTimersByTimeAsync(500);
    expect(model.form.errors.value).toEqual({ username: 'invalid_username' });

    model.typeUsername('dilnoza2');
    await vi.advanceTimersByTimeAsync(500);
    expect(model.form.errors.value).toEqual({});
    expect(toasts).toEqual([]);
  });

  it('stops checking when saved or closed', async () => {
    const { server, model } = setup();
    server.answer('patch', `${SSO}/user/profile/`, user);
    model.typeUsername('dilnoza');
    await model.save();
    model.typeUsername('dilnoza2');
    model.dispose();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.calls.map((call) => call.url)).toEqual([`${SSO}/user/profile/`]);
  });
});

describe('the server’s every problem', () => {
  it('is said beside each field at once, not one save at a time', async () => {
    const { server, model, toasts } = setup();
    server.fail('patch', `${SSO}/user/profile/`, {
      status: 400,
      data: {
        errors: [
          { error: 'invalid_name', field: 'last_name' },
          { error: 'invalid_birth_date', field: 'birth_date' },
          { error: 'username_invalid_or_exists_username', field: 'username' },
        ],
      },
    });
    model.username.value = 'taken';
    expect(await model.save()).toBe(false);
    expect(model.form.errors.value).toEqual({
      last_name: 'invalid_name',
      birth_date: 'invalid_birth_date',
      username: 'username_invalid_or_exists_username',
    });
    expect(toasts).toEqual([]);
  });
});

const file = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

describe('the photo', () => {
  it('is sent only on Save, after the page’s fields, and then shows as the profile photo', async () => {
    const { server, changed, model } = setup(user, ['photo']);
    server.answer('post', `${SSO}/user/photo/`, { photo: 'avatars/u1-abc.webp' });
    expect(model.acceptPhotoFile(file('me.png', 'image/png'))).toBe(true);
    model.setPhoto({ kind: 'new', render: async () => file('photo.png', 'image/png') });
    expect(server.calls).toEqual([]);
    expect(await model.save()).toBe(true);
    // The photo page sends no PATCH: it edits the photo alone.
    expect(server.calls.map((call) => `${call.method} ${call.url}`)).toEqual([`post ${SSO}/user/photo/`]);
    const body = server.calls[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData ? body.get('photo') : null).toBeInstanceOf(File);
    expect(changed.at(-1)?.profile.photo).toBe('avatars/u1-abc.webp');
    expect(model.photo.value).toEqual({ kind: 'keep' });
  });

  it('refuses what is not an image, and a file over 5 MB, before cropping or sending', async () => {
    const { server, model } = setup();
    expect(model.acceptPhotoFile(file('notes.txt', 'text/plain'))).toBe(false);
    expect(model.form.errors.value.photo).toBe('invalid_media_type');
    expect(model.acceptPhotoFile(file('big.jpg', 'image/jpeg', PHOTO_MAX_BYTES + 1))).toBe(false);
    expect(model.form.errors.value.photo).toBe('file_too_large');
    expect(server.calls).toEqual([]);
  });

  it('removes the photo on Save, and a refused upload is said beside the photo', async () => {
    const { server, changed, model } = setup(user, ['photo']);
    server.answer('delete', `${SSO}/user/photo/`, null);
    model.setPhoto({ kind: 'remove' });
    expect(await model.save()).toBe(true);
    expect(changed.at(-1)?.profile.photo).toBeNull();
    server.fail('post', `${SSO}/user/photo/`, failure(413, 'file_too_large', 'photo'));
    model.setPhoto({ kind: 'new', render: async () => file('photo.png', 'image/png') });
    expect(await model.save()).toBe(false);
    expect(model.form.errors.value).toEqual({ photo: 'file_too_large' });
  });

  it('on the whole edit page, saves the fields first and sends no photo when their save fails', async () => {
    const { server, model } = setup();
    server.fail('patch', `${SSO}/user/profile/`, failure(400, 'invalid_name', 'first_name'));
    model.setPhoto({ kind: 'new', render: async () => file('photo.png', 'image/png') });
    expect(await model.save()).toBe(false);
    expect(server.calls.map((call) => call.method)).toEqual(['patch']);
  });
});

describe('one thing at a time', () => {
  it('the name page checks and sends the names alone, every problem at once', async () => {
    const { server, model } = setup(user, ['name']);
    model.firstName.value = ' ';
    model.lastName.value = '';
    model.username.value = 'ab';
    expect(await model.save()).toBe(false);
    expect(model.form.errors.value).toEqual({ first_name: 'field_required', last_name: 'field_required' });
    model.firstName.value = 'Aziza ';
    model.lastName.value = 'Karimova';
    server.answer('patch', `${SSO}/user/profile/`, user);
    expect(await model.save()).toBe(true);
    expect(server.calls[0]?.body).toEqual({ first_name: 'Aziza', last_name: 'Karimova', middle_name: '' });
  });

  it('the birth date page sends the birth date alone', async () => {
    const { server, model } = setup(user, ['birth_date']);
    server.answer('patch', `${SSO}/user/profile/`, user);
    model.birthDate.value = '08.03.1995';
    expect(await model.save()).toBe(true);
    expect(server.calls[0]?.body).toEqual({ birth_date: '1995-03-08' });
  });

  it('says a future birth date and an empty first name at once on the whole page', async () => {
    const { server, model } = setup();
    model.firstName.value = '';
    model.birthDate.value = '01.01.2030';
    expect(await model.save()).toBe(false);
    expect(model.form.errors.value).toEqual({ first_name: 'field_required', birth_date: 'invalid_birth_date' });
    expect(server.calls).toEqual([]);
  });
});
