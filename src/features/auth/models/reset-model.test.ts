import { beforeEach, describe, expect, it } from 'vitest';
import { codeSent, failure, SIGN_IN_HEADERS, SSO, useFlowFakes } from '../test-support/flow-fakes';
import { createResetModel } from './reset-model';

let resets: unknown[];

function model() {
  return createResetModel({ ...flow.deps, onReset: (restored) => void resets.push(restored) });
}

/** A model past the code for +998901234567, with the server's calls so far forgotten. */
async function atPassword() {
  const reset = model();
  flow.server.answer(
    'post',
    `${SSO}/auth/SendAuthSmsVerification/`,
    codeSent('code_send_to_phone', '+998 90 *** ** 67'),
  );
  flow.server.answer('post', `${SSO}/auth/CheckAuthSmsVerification/`, { request_id: 'proof-1' });
  reset.contact.phone.value = '90 123 45 67';
  await reset.sendCode('sms');
  reset.codes.code.value = '123456';
  await reset.checkCode();
  flow.server.calls.length = 0;
  return reset;
}

const flow = useFlowFakes();
beforeEach(() => {
  resets = [];
});

describe('restoring a password', () => {
  it('goes from the phone to the code to the new password, and restores it by RestorePasswordSms', async () => {
    const reset = model();
    flow.server.answer(
      'post',
      `${SSO}/auth/SendAuthSmsVerification/`,
      codeSent('code_send_to_phone', '+998 90 *** ** 67'),
    );
    flow.server.answer('post', `${SSO}/auth/CheckAuthSmsVerification/`, { request_id: 'proof-1' });
    flow.server.answer('post', `${SSO}/restore-password/RestorePasswordSms/`, {
      detail: 'password_changed',
      ended: 1,
      ended_apps: 2,
    });
    reset.contact.phone.value = '90 123 45 67';

    await reset.sendCode('call');
    expect(reset.step.value).toBe('code');
    reset.codes.code.value = '123456';
    await reset.checkCode();
    expect(reset.step.value).toBe('password');
    reset.password.value = 'a new long password';
    reset.passwordAgain.value = 'a new long password';
    await reset.save();

    expect(flow.server.calls).toEqual([
      {
        method: 'post',
        url: `${SSO}/auth/SendAuthSmsVerification/`,
        body: { type: 'forget_pass_verification', phone: '+998901234567', method: 'call' },
        headers: SIGN_IN_HEADERS,
      },
      {
        method: 'post',
        url: `${SSO}/auth/CheckAuthSmsVerification/`,
        body: { type: 'forget_pass_verification', phone: '+998901234567', code: '123456' },
      },
      {
        method: 'post',
        url: `${SSO}/restore-password/RestorePasswordSms/`,
        body: { request_id: 'proof-1', password: 'a new long password', end_app_sessions: true },
      },
    ]);
    expect(flow.announced).toEqual([{ key: 'code_send_to_phone', to: '+998 90 *** ** 67' }]);
    expect(resets).toEqual([{ detail: 'password_changed', ended: 1, ended_apps: 2 }]);
    expect(flow.toasts).toEqual([]);
  });

  it('restores the password of an e-mail by RestorePasswordEmail', async () => {
    const reset = model();
    flow.server.answer(
      'post',
      `${SSO}/auth/SendAuthEmailVerification/`,
      codeSent('code_send_to_email', 'az***@example.uz'),
    );
    flow.server.answer('post', `${SSO}/auth/CheckAuthEmailVerification/`, { request_id: 'proof-2' });
    flow.server.answer('post', `${SSO}/restore-password/RestorePasswordEmail/`, {
      detail: 'password_changed',
      ended: 0,
      ended_apps: 0,
    });
    reset.contact.switchTo('email');
    reset.contact.email.value = 'aziz@example.uz';

    await reset.sendCode('email');
    reset.codes.code.value = '654321';
    await reset.checkCode();
    reset.password.value = 'a new long password';
    reset.passwordAgain.value = 'a new long password';
    await reset.save();

    expect(flow.server.calls).toEqual([
      {
        method: 'post',
        url: `${SSO}/auth/SendAuthEmailVerification/`,
        body: { type: 'forget_pass_verification', email: 'aziz@example.uz', method: 'email' },
        headers: SIGN_IN_HEADERS,
      },
      {
        method: 'post',
        url: `${SSO}/auth/CheckAuthEmailVerification/`,
        body: { type: 'forget_pass_verification', email: 'aziz@example.uz', code: '654321' },
      },
      {
        method: 'post',
        url: `${SSO}/restore-password/RestorePasswordEmail/`,
        body: { request_id: 'proof-2', password: 'a new long password', end_app_sessions: true },
      },
    ]);
    expect(resets).toHaveLength(1);
  });

  it('hands sign-in the contact proven, but not a backup one, which does not sign in', async () => {
    const proven: unknown[] = [];
    for (const message of ['code_send_to_email', 'code_send_to_backup_email'] as const) {
      const reset = createResetModel({ ...flow.deps, onReset: (_restored, contact) => void proven.push(contact) });
      flow.server.answer('post', `${SSO}/auth/SendAuthEmailVerification/`, codeSent(message, 'az***@example.uz'));
      flow.server.answer('post', `${SSO}/auth/CheckAuthEmailVerification/`, { request_id: 'proof-3' });
      flow.server.answer('post', `${SSO}/restore-password/RestorePasswordEmail/`, {
        detail: 'password_changed',
        ended: 0,
        ended_apps: 0,
      });
      reset.contact.switchTo('email');
      reset.contact.email.value = 'aziz@example.uz';
      await reset.sendCode('email');
      reset.codes.code.value = '654321';
      await reset.checkCode();
      reset.password.value = 'a new long password';
      reset.passwordAgain.value = 'a new long password';
      await reset.save();
    }
    expect(proven).toEqual([{ type: 'email', value: 'aziz@example.uz' }, null]);
    expect(flow.announced.map((said) => said.key)).toEqual(['code_send_to_email', 'code_send_to_backup_email']);
  });

  it('keeps the apps signed in when the person unticks it', async () => {
    const reset = await atPassword();
    flow.server.answer('post', `${SSO}/restore-password/RestorePasswordSms/`, {
      detail: 'password_changed',
      ended: 1,
      ended_apps: 0,
    });
    reset.password.value = 'a new long password';
    reset.passwordAgain.value = 'a new long password';
    expect(reset.endApps.value).toBe(true);
    reset.endApps.value = false;
    await reset.save();
    expect(flow.server.calls[0]?.body).toEqual({
      request_id: 'proof-1',
      password: 'a new long password',
      end_app_sessions: false,
    });
  });

  it('says a phone with no account beside the phone and stays on the contact', async () => {
    const reset = model();
    flow.server.fail('post', `${SSO}/auth/SendAuthSmsVerification/`, failure(400, 'user_not_found_phone', 'phone'));
    reset.contact.phone.value = '90 123 45 67';

    await reset.sendCode('sms');

    expect(reset.form.errors.value).toEqual({ phone: 'user_not_found_phone' });
    expect(reset.step.value).toBe('contact');
    expect(flow.announced).toEqual([]);
  });

  it('says a wrong code beside the code and stays on it', async () => {
    const reset = model();
    flow.server.answer(
      'post',
      `${SSO}/auth/SendAuthSmsVerification/`,
      codeSent('code_send_to_phone', '+998 90 *** ** 67'),
    );
    flow.server.fail('post', `${SSO}/auth/CheckAuthSmsVerification/`, failure(400, 'code_not_valid', 'code'));
    reset.contact.phone.value = '90 123 45 67';
    await reset.sendCode('sms');
    reset.codes.code.value = '123456';

    await reset.checkCode();

    expect(reset.form.errors.value).toEqual({ code: 'code_not_valid' });
    expect(reset.step.value).toBe('code');
  });

  it('refuses a short password and a repetition that differs, sending nothing', async () => {
    const reset = await atPassword();
    reset.password.value = 'short';
    reset.passwordAgain.value = 'short';
    await reset.save();
    expect(reset.form.errors.value).toEqual({ password: 'password_too_short' });

    reset.password.value = 'a new long password';
    reset.passwordAgain.value = 'a new long passwort';
    await reset.save();
    expect(reset.form.errors.value).toEqual({ password_again: 'passwords_do_not_match' });

    expect(flow.server.calls).toEqual([]);
    expect(resets).toEqual([]);
  });

  it('sends the person back to the contact when the confirmation expired (the password step has no field for it)', async () => {
    const reset = await atPassword();
    flow.server.fail(
      'post',
      `${SSO}/restore-password/RestorePasswordSms/`,
      failure(400, 'request_id_error', 'request_id'),
    );
    reset.password.value = 'a new long password';
    reset.passwordAgain.value = 'a new long password';

    await reset.save();

    expect(reset.step.value).toBe('contact');
    expect(reset.form.errors.value).toEqual({ phone: 'request_id_error' });
    expect(flow.toasts).toEqual([]);
    expect(resets).toEqual([]);
  });

  it('goes back one step at a time: password, code, contact', async () => {
    const reset = await atPassword();
    reset.password.value = 'short';
    await reset.save();
    expect(reset.form.errors.value).not.toEqual({});

    reset.back();
    expect(reset.step.value).toBe('code');
    expect(reset.form.errors.value).toEqual({});
    reset.back();
    expect(reset.step.value).toBe('contact');
  });
});
