import { afterEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../lib/session';
import { failure, fakeHttp, fakeShowError } from '../../lib/testing/fake-http';
import { signedInCodeApi } from './own-contact';
import { createVerifiedChangeModel, type VerifiedChangeDeps } from './verified-change-model';

const SSO = '/sso/api/v1';
const OWN = { type: 'phone' as const, value: '+998901234567' };
const sent = (to: string) => ({ message: 'code_send_to_phone', to, expires_in: 300, resend_in: 120 });
const profile = { id: 'u1' } as UserProfile;

function setup(options: Partial<VerifiedChangeDeps> = {}) {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const submitted: { requestId: string; proof: string | null }[] = [];
  const done: UserProfile[] = [];
  const model = createVerifiedChangeModel({
    api: { http: server.http, ssoApi: SSO, signInHeaders: () => ({}) },
    showError,
    now: () => 0,
    announce: () => {},
    purpose: 'change_phone_verification',
    contactType: 'phone',
    needsProof: true,
    proofContact: OWN,
    submit: (requestId, proof) => {
      submitted.push({ requestId, proof });
      return Promise.resolve(profile);
    },
    onDone: (next) => void done.push(next),
    ...options,
  });
  return { server, toasts, model, submitted, done };
}

describe('a code-proven change', () => {
  it('asks for the password, then the new phone and its code, and submits both proofs', async () => {
    const { server, model, submitted, done } = setup();
    expect(model.step.value).toBe('proof');
    server.answer('post', `${SSO}/user/security/proof/`, { proof: 'p1' });
    model.password.value = 'Eski-parol-2026';
    await model.prove();
    expect(server.calls[0]?.body).toEqual({ password: 'Eski-parol-2026' });
    expect(model.step.value).toBe('contact');

    server.answer('post', `${SSO}/auth/SendAuthSmsVerification/`, sent('+998 90 *** ** 11'));
    model.contact.phone.value = '90 555 00 11';
    await model.sendCode('sms');
    expect(server.calls[1]?.body).toEqual({ type: 'change_phone_verification', phone: '+998905550011', method: 'sms' });
    expect(model.step.value).toBe('code');

    server.answer('post', `${SSO}/auth/CheckAuthSmsVerification/`, { request_id: 'r1' });
    model.codes.code.value = '123456';
    await model.confirm();
    expect(submitted).toEqual([{ requestId: 'r1', proof: 'p1' }]);
    expect(done).toEqual([profile]);
    expect(model.step.value).toBe('done');
  });

  it('proves the owner by a code to the own contact instead of the password', async () => {
    const { server, model } = setup();
    server.answer('post', `${SSO}/auth/SendAuthSmsVerification/`, sent('+998 90 *** ** 67'));
    await model.proveByCodeInstead();
    expect(server.calls[0]?.body).toEqual({ type: 'confirm_email_or_phone', phone: '+998901234567', method: 'sms' });
    expect(model.proofBy.value).toBe('code');
    server.answer('post', `${SSO}/auth/CheckAuthSmsVerification/`, { request_id: 'own-1' });
    server.answer('post', `${SSO}/user/security/proof/`, { proof: 'p2' });
    model.proofCodes.code.value = '654321';
    await model.proveByCode();
    expect(server.calls.at(-1)?.body).toEqual({ request_id: 'own-1' });
    expect(model.step.value).toBe('contact');
  });

  it('says a wrong password beside it and stays on the proof', async () => {
    const { server, model } = setup();
    server.fail('post', `${SSO}/user/security/proof/`, failure(400, 'invalid_old_password', 'password'));
    model.password.value = 'wrong';
    await model.prove();
    expect(model.form.errors.value).toEqual({ password: 'invalid_old_password' });
    expect(model.step.value).toBe('proof');
  });

  it('sends the code to the own contact as it opens when no new contact is asked for, and has no step back', async () => {
    const { server, model } = setup({ needsProof: false, ownContact: OWN, purpose: 'confirm_email_or_phone' });
    expect(model.step.value).toBe('code');
    server.answer('post', `${SSO}/auth/SendAuthSmsVerification/`, sent('+998 90 *** ** 67'));
    await model.start();
    expect(server.calls[0]?.body).toEqual({ type: 'confirm_email_or_phone', phone: '+998901234567', method: 'sms' });
    expect(model.back()).toBe(false);
  });
});

describe('the security pages’ code requests (docs/product.md §7)', () => {
  afterEach(() => {
    document.cookie = 'kirish_source=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('carry the kirish-Source header from the kirish_source cookie, and none of the sign-in headers', async () => {
    document.cookie = 'kirish_source=market.kirish.uz; path=/';
    const server = fakeHttp();
    const { showError } = fakeShowError();
    const model = createVerifiedChangeModel({
      api: signedInCodeApi(server.http, SSO, 'kirish'),
      showError,
      now: () => 0,
      announce: () => {},
      purpose: 'confirm_email_or_phone',
      contactType: 'email',
      needsProof: false,
      ownContact: { type: 'email', value: 'aziz@example.uz' },
      submit: () => Promise.resolve(profile),
      onDone: () => {},
    });
    server.answer('post', `${SSO}/auth/SendAuthEmailVerification/`, {
      message: 'code_send_to_email',
      to: 'az***@example.uz',
      expires_in: 300,
      resend_in: 120,
    });

    await model.start();

    expect(server.calls).toEqual([
      {
        method: 'post',
        url: `${SSO}/auth/SendAuthEmailVerification/`,
        body: { type: 'confirm_email_or_phone', email: 'aziz@example.uz', method: 'email' },
        headers: { 'kirish-Source': 'market.kirish.uz' },
      },
    ]);
  });
});
