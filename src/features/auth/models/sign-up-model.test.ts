import { beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../../lib/session';
import { codeSent, failure, SIGN_IN_HEADERS, SSO, SSO_V2, useFlowFakes } from '../test-support/flow-fakes';
import { createSignUpModel } from './sign-up-model';

const TOKENS: TokenResponse = {
  access: 'access-1',
  refresh: 'refresh-1',
  user_uuid: 'u-1',
  has_phone: true,
  session: 's-1',
};
const REGISTER = `${SSO_V2}/register/RegisterUser/`;

let registered: TokenResponse[];

function model() {
  return createSignUpModel({
    ...flow.deps,
    onRegistered: (response) => {
      registered.push(response);
      return Promise.resolve();
    },
  });
}

const stored = () => sessionStorage.getItem('registerData');

/** A model past the code for +998901234567, with the server's calls so far forgotten. */
async function atDetails(requestId = 'proof-1') {
  const signUp = model();
  flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: false });
  flow.server.answer(
    'post',
    `${SSO}/auth/SendAuthSmsVerification/`,
    codeSent('code_send_to_phone', '+998 90 *** ** 67'),
  );
  flow.server.answer('post', `${SSO}/auth/CheckAuthSmsVerification/`, { request_id: requestId });
  signUp.contact.phone.value = '90 123 45 67';
  await signUp.sendCode('sms');
  signUp.codes.code.value = '123456';
  await signUp.checkCode();
  flow.server.calls.length = 0;
  return signUp;
}

function fillDetails(signUp: ReturnType<typeof model>, password = 'correct horse battery') {
  signUp.firstName.value = ' Aziz ';
  signUp.lastName.value = 'Karimov';
  signUp.password.value = password;
  signUp.passwordAgain.value = password;
}

const flow = useFlowFakes();
beforeEach(() => {
  sessionStorage.clear();
  registered = [];
});

describe('the contact and its code', () => {
  it('tells a phone that already has an account so beside the phone, and sends no code', async () => {
    const signUp = model();
    flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: true });
    signUp.contact.phone.value = '90 123 45 67';

    await signUp.sendCode('sms');

    expect(flow.server.calls).toEqual([
      { method: 'get', url: `${SSO}/check/CheckUserExists/`, params: { phone: '+998901234567' } },
    ]);
    expect(signUp.form.errors.value).toEqual({ phone: 'already_taken' });
    expect(signUp.step.value).toBe('contact');
  });

  it('checks the code and keeps the request_id in session storage, moving on to the details', async () => {
    const signUp = model();
    flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: false });
    flow.server.answer(
      'post',
      `${SSO}/auth/SendAuthSmsVerification/`,
      codeSent('code_send_to_phone', '+998 90 *** ** 67'),
    );
    flow.server.answer('post', `${SSO}/auth/CheckAuthSmsVerification/`, { request_id: 'proof-1' });
    signUp.contact.phone.value = '90 123 45 67';

    await signUp.sendCode('sms');
    expect(signUp.step.value).toBe('code');
    expect(flow.announced).toEqual([{ key: 'code_send_to_phone', to: '+998 90 *** ** 67' }]);

    signUp.codes.code.value = '123456';
    await signUp.checkCode();

    expect(flow.server.calls.slice(1)).toEqual([
      {
        method: 'post',
        url: `${SSO}/auth/SendAuthSmsVerification/`,
        body: { type: 'login_sms_verification', phone: '+998901234567', method: 'sms' },
        headers: SIGN_IN_HEADERS,
      },
      {
        method: 'post',
        url: `${SSO}/auth/CheckAuthSmsVerification/`,
        body: { type: 'login_sms_verification', phone: '+998901234567', code: '123456' },
      },
    ]);
    expect(signUp.step.value).toBe('details');
    expect(JSON.parse(stored() ?? 'null')).toEqual({
      contact: { type: 'phone', value: '+998901234567' },
      requestId: 'proof-1',
    });
  });

  it('signs up an e-mail with confirm_email_or_phone codes sent by e-mail', async () => {
    const signUp = model();
    flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: false });
    flow.server.answer(
      'post',
      `${SSO}/auth/SendAuthEmailVerification/`,
      codeSent('code_send_to_email', 'az***@example.uz'),
    );
    flow.server.answer('post', `${SSO}/auth/CheckAuthEmailVerification/`, { request_id: 'proof-2' });
    signUp.contact.switchTo('email');
    signUp.contact.email.value = ' Aziz@Example.UZ ';

    await signUp.sendCode('email');
    signUp.codes.code.value = '654321';
    await signUp.checkCode();

    expect(flow.server.calls).toEqual([
      { method: 'get', url: `${SSO}/check/CheckUserExists/`, params: { email: 'aziz@example.uz' } },
      {
        method: 'post',
        url: `${SSO}/auth/SendAuthEmailVerification/`,
        body: { type: 'confirm_email_or_phone', email: 'aziz@example.uz', method: 'email' },
        headers: SIGN_IN_HEADERS,
      },
      {
        method: 'post',
        url: `${SSO}/auth/CheckAuthEmailVerification/`,
        body: { type: 'confirm_email_or_phone', email: 'aziz@example.uz', code: '654321' },
      },
    ]);
    expect(flow.announced).toEqual([{ key: 'code_send_to_email', to: 'az***@example.uz' }]);
    expect(signUp.step.value).toBe('details');
  });

  it('resumes at the details after a reload', async () => {
    await atDetails('proof-1');

    const reloaded = model();

    expect(reloaded.step.value).toBe('details');
    expect(reloaded.verified.value).toEqual({
      contact: { type: 'phone', value: '+998901234567' },
      requestId: 'proof-1',
    });
  });
});

describe('the details', () => {
  it('registers without an e-mail as kind 2 when the optional e-mail is left empty', async () => {
    const signUp = await atDetails();
    fillDetails(signUp);
    signUp.email.value = '  ';
    flow.server.answer('post', REGISTER, TOKENS);

    await signUp.register();

    expect(flow.server.calls).toEqual([
      {
        method: 'post',
        url: REGISTER,
        body: {
          request_id: 'proof-1',
          password: 'correct horse battery',
          first_name: 'Aziz',
          last_name: 'Karimov',
          kind: 2,
          save: true,
        },
        headers: SIGN_IN_HEADERS,
      },
    ]);
    expect(registered).toEqual([TOKENS]);
    expect(stored()).toBeNull();
  });

  it('says every problem of the details at once, sending nothing (issue 12)', async () => {
    const signUp = await atDetails();
    signUp.firstName.value = 'Aziz2';
    signUp.lastName.value = ' ';
    signUp.email.value = 'aziz@';
    signUp.password.value = 'short';
    signUp.passwordAgain.value = 'short';

    await signUp.register();

    expect(signUp.form.errors.value).toEqual({
      first_name: 'invalid_name',
      last_name: 'field_required',
      email: 'invalid_email',
      password: 'password_too_short',
    });
    expect(flow.server.calls).toEqual([]);
  });

  it('registers with the lower-cased e-mail as kind 1', async () => {
    const signUp = await atDetails();
    fillDetails(signUp);
    signUp.email.value = ' Aziz@Example.UZ ';
    flow.server.answer('post', REGISTER, TOKENS);

    await signUp.register();

    expect(flow.server.calls.map((call) => call.body)).toEqual([
      {
        request_id: 'proof-1',
        password: 'correct horse battery',
        first_name: 'Aziz',
        last_name: 'Karimov',
        email: 'aziz@example.uz',
        kind: 1,
        save: true,
      },
    ]);
    expect(registered).toEqual([TOKENS]);
  });

  it('refuses a short password and a repetition that differs, sending nothing', async () => {
    const signUp = await atDetails();
    fillDetails(signUp, 'short');

    await signUp.register();
    expect(signUp.form.errors.value).toEqual({ password: 'password_too_short' });

    signUp.password.value = 'correct horse battery';
    signUp.passwordAgain.value = 'correct horse batterY';
    await signUp.register();
    expect(signUp.form.errors.value).toEqual({ password_again: 'passwords_do_not_match' });

    expect(flow.server.calls).toEqual([]);
    expect(signUp.step.value).toBe('details');
  });

  it.each(['unique_request_id', 'request_id_error'])(
    'sends the person back to the contact when the server answers %s',
    async (key) => {
      const signUp = await atDetails();
      fillDetails(signUp);
      flow.server.fail('post', REGISTER, failure(400, key, 'request_id'));

      await signUp.register();

      expect(signUp.step.value).toBe('contact');
      expect(signUp.form.errors.value).toMatchObject({ phone: key });
      expect(signUp.verified.value).toBeNull();
      expect(stored()).toBeNull();
      expect(flow.toasts).toEqual([]);
      expect(registered).toEqual([]);
    },
  );

  it('shows the e-mail field, with the reason, when an e-mail sign-up resumed after a reload must start over', async () => {
    sessionStorage.setItem(
      'registerData',
      JSON.stringify({ contact: { type: 'email', value: 'aziz@example.uz' }, requestId: 'proof-2' }),
    );
    const signUp = model();
    fillDetails(signUp);
    flow.server.fail('post', REGISTER, failure(400, 'request_id_error', 'request_id'));

    await signUp.register();

    expect(flow.server.calls.map((call) => call.body)).toEqual([
      {
        request_id: 'proof-2',
        password: 'correct horse battery',
        first_name: 'Aziz',
        last_name: 'Karimov',
        kind: 1,
        save: true,
      },
    ]);
    expect(signUp.step.value).toBe('contact');
    expect(signUp.contact.type.value).toBe('email');
    expect(signUp.form.errors.value).toMatchObject({ email: 'request_id_error' });
  });

  it('sends the person back to the contact when the phone was taken meanwhile (the details have no phone field)', async () => {
    const signUp = await atDetails();
    fillDetails(signUp);
    flow.server.fail('post', REGISTER, failure(400, 'user_exists_phone', 'phone'));

    await signUp.register();

    expect(signUp.step.value).toBe('contact');
    expect(signUp.form.errors.value).toMatchObject({ phone: 'already_taken' });
    expect(stored()).toBeNull();
  });

  it('keeps the person on the details for a password the server refuses', async () => {
    const signUp = await atDetails();
    fillDetails(signUp);
    flow.server.fail('post', REGISTER, failure(400, 'password_too_common', 'password'));

    await signUp.register();

    expect(signUp.step.value).toBe('details');
    expect(signUp.form.errors.value).toEqual({ password: 'password_too_common' });
    expect(stored()).not.toBeNull();
  });
});
