import { describe, expect, it } from 'vitest';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { securityApi } from '../api/security-api';
import { createChangePasswordModel } from './change-password-model';

const SSO = '/sso/api/v1';

function setup() {
  const server = fakeHttp();
  const { showError } = fakeShowError();
  return { server, model: createChangePasswordModel({ api: securityApi(server.http, SSO), showError }) };
}

describe('changing the password', () => {
  it("sends the old and new password and the choices to end other sessions and the apps' ones, both on at first, and says how many ended", async () => {
    const { server, model } = setup();
    server.answer('post', `${SSO}/user/change-password/`, { ended: 2, ended_apps: 1 });
    model.oldPassword.value = 'Eski-parol-2026';
    model.password.value = 'Yangi-parol-Xiva-2026';
    model.passwordAgain.value = 'Yangi-parol-Xiva-2026';
    expect(await model.save()).toEqual({ ended: 2, ended_apps: 1 });
    expect(server.calls[0]?.body).toEqual({
      old_password: 'Eski-parol-2026',
      new_password: 'Yangi-parol-Xiva-2026',
      end_other_sessions: true,
      end_app_sessions: true,
    });
  });

  it('sends end_app_sessions false when the person unticks it', async () => {
    const { server, model } = setup();
    server.answer('post', `${SSO}/user/change-password/`, { ended: 0, ended_apps: 0 });
    model.oldPassword.value = 'Eski-parol-2026';
    model.password.value = 'Yangi-parol-Xiva-2026';
    model.passwordAgain.value = 'Yangi-parol-Xiva-2026';
    model.endApps.value = false;
    await model.save();
    expect(server.calls[0]?.body).toMatchObject({ end_app_sessions: false });
  });

  it('refuses a short or mismatched new password and a missing old one before sending', async () => {
    const { server, model } = setup();
    model.password.value = 'short';
    model.passwordAgain.value = 'short';
    expect(await model.save()).toBeUndefined();
    expect(model.form.errors.value).toEqual({ old_password: 'field_required', password: 'password_too_short' });
    model.oldPassword.value = 'x';
    model.password.value = 'Yangi-parol-Xiva-2026';
    model.passwordAgain.value = 'Yangi-parol-Xiva-2027';
    expect(await model.save()).toBeUndefined();
    expect(model.form.errors.value).toEqual({ password_again: 'passwords_do_not_match' });
    expect(server.calls).toEqual([]);
  });

  it('refuses the old password as the new one before sending, and shows the server’s same_password beside the new one', async () => {
    const { server, model } = setup();
    model.oldPassword.value = 'Eski-parol-2026';
    model.password.value = 'Eski-parol-2026';
    model.passwordAgain.value = 'Eski-parol-2026';
    expect(await model.save()).toBeUndefined();
    expect(model.form.errors.value).toEqual({ password: 'same_password' });
    expect(server.calls).toEqual([]);
    model.password.value = 'Yangi-parol-Xiva-2026';
    model.passwordAgain.value = 'Yangi-parol-Xiva-2026';
    server.fail('post', `${SSO}/user/change-password/`, failure(400, 'same_password', 'new_password'));
    expect(await model.save()).toBeUndefined();
    expect(model.form.errors.value).toEqual({ password: 'same_password' });
  });

  it('puts the server’s keys beside their fields: the old password, and the new one (named new_password there)', async () => {
    const { server, model } = setup();
    model.oldPassword.value = 'wrong';
    model.password.value = 'Yangi-parol-Xiva-2026';
    model.passwordAgain.value = 'Yangi-parol-Xiva-2026';
    server.fail('post', `${SSO}/user/change-password/`, failure(400, 'invalid_old_password', 'old_password'));
    expect(await model.save()).toBeUndefined();
    expect(model.form.errors.value).toEqual({ old_password: 'invalid_old_password' });
    server.fail('post', `${SSO}/user/change-password/`, failure(400, 'password_too_common', 'new_password'));
    expect(await model.save()).toBeUndefined();
    expect(model.form.errors.value).toEqual({ password: 'password_too_common' });
  });
});
