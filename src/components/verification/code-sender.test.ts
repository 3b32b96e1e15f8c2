/** The code sender's cooldown: asked again too soon, the answer's Retry-After restarts the live countdown. */
import { describe, expect, it } from 'vitest';
import { createForm } from '../../lib/form';
import { failure, fakeHttp, fakeShowError } from '../../lib/testing/fake-http';
import { createCodeSender } from './code-sender';

const SSO = '/sso/api/v1';
const NOW = Date.parse('2026-11-27T08:00:00Z');
const PHONE = { type: 'phone' as const, value: '+998901234567' };
const SEND = `${SSO}/auth/SendAuthSmsVerification/`;
const cooldown = (seconds: string) => ({
  ...failure(429, 'timeout'),
  headers: new Headers({ 'Retry-After': seconds }),
});

function setup() {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const form = createForm(showError);
  const codes = createCodeSender({
    api: { http: server.http, ssoApi: SSO, signInHeaders: () => ({}) },
    form,
    now: () => NOW,
    announce: () => {},
    purposeOf: () => 'login_sms_verification',
  });
  return { server, form, codes, toasts };
}

describe('a code asked for again too soon', () => {
  it('moves "Resend in …" to the wait the server gave, with no sentence of a fixed time beside it', async () => {
    const { server, form, codes, toasts } = setup();
    server.answer('post', SEND, {
      message: 'code_send_to_phone',
      to: '+998 90 *** ** 67',
      expires_in: 300,
      resend_in: 0,
    });
    expect(await codes.send(PHONE, 'sms')).toBe(true);
    server.fail('post', SEND, cooldown('22'));
    await codes.resend();
    expect(codes.resendAt.value).toBe(NOW + 22_000);
    expect(form.errors.value).toEqual({});
    expect(toasts).toEqual([]);
  });

  it('asked for first, says the cooldown beside the contact (no countdown is on that step)', async () => {
    const { server, form, codes } = setup();
    server.fail('post', SEND, cooldown('40'));
    expect(await codes.send(PHONE, 'sms')).toBe(false);
    expect(form.errors.value).toEqual({ phone: 'timeout_try_2_min' });
  });
});
