/** The pending account's phone confirmation on Home (docs/product.md §2 step 4, §4): a `social_login` code, then ConfirmPhone. */
import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../lib/session';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { createConfirmPhoneModel } from './confirm-phone-model';

const SSO = '/sso/api/v1';
const sent = { message: 'code_send_to_phone', to: '+998 90 *** ** 11', expires_in: 300, resend_in: 120 };
const withPhone = { id: 'u-new', phone: '+998905550011' } as UserProfile;

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const done: UserProfile[] = [];
  const model = createConfirmPhoneModel({
    api: { http: server.http, ssoApi: SSO, signInHeaders: () => ({}) },
    showError,
    now: () => 0,
    announce: () => {},
    confirmPhone: (phone, requestId) =>
      server.http.post(`${SSO}/SocialAuth/ConfirmPhone/`, { phone, request_id: requestId }),
    reload: () => Promise.resolve(withPhone),
    onDone: (profile) => void done.push(profile),
  });
  return { server, toasts, model, done };
}

async function atCode(setupped: ReturnType<typeof setup>) {
  const { server, model } = setupped;
  server.answer('post', `${SSO}/auth/SendAuthSmsVerification/`, sent);
  model.contact.phone.set('90 555 00 11');
  await model.sendCode('sms');
  server.answer('post', `${SSO}/auth/CheckAuthSmsVerification/`, { request_id: 'rq-1' });
  model.codes.code.set('123456');
}

describe('the pending account’s phone confirmation', () => {
  it('asks for the phone, sends a social_login code, and puts the proven phone on the account', async () => {
    const run = setup();
    expect(run.model.step.value).toBe('contact');
    await atCode(run);
    run.server.answer('post', `${SSO}/SocialAuth/ConfirmPhone/`, { has_phone: true });
    await run.model.confirm();

    expect(run.server.calls.map((call) => [call.url, call.body])).toEqual([
      [`${SSO}/auth/SendAuthSmsVerification/`, { type: 'social_login', phone: '+998905550011', method: 'sms' }],
      [`${SSO}/auth/CheckAuthSmsVerification/`, { type: 'social_login', phone: '+998905550011', code: '123456' }],
      [`${SSO}/SocialAuth/ConfirmPhone/`, { phone: '+998905550011', request_id: 'rq-1' }],
    ]);
    expect(run.model.step.value).toBe('done');
    expect(run.done).toEqual([withPhone]);
  });

  it('says a phone of another account beside the phone field when the code is refused, and stays on that step', async () => {
    const run = setup();
    run.server.fail(
      'post',
      `${SSO}/auth/SendAuthSmsVerification/`,
      failure(400, 'user_exists_with_phone_phone', 'phone'),
    );
    run.model.contact.phone.set('90 555 00 11');
    await run.model.sendCode('sms');

    expect(run.model.step.value).toBe('contact');
    expect(run.model.contact.phone.error.value).toBe('user_exists_with_phone_phone');
    expect(run.toasts).toEqual([]);
  });

  it('says a phone another account took after the code beside the phone field, back on its step', async () => {
    const run = setup();
    await atCode(run);
    run.server.fail('post', `${SSO}/SocialAuth/ConfirmPhone/`, failure(400, 'user_exists_with_phone_phone', 'phone'));
    await run.model.confirm();

    expect(run.model.step.value).toBe('contact');
    expect(run.model.contact.phone.error.value).toBe('user_exists_with_phone_phone');
    expect(run.done).toEqual([]);
  });
});
