import { beforeEach, describe, expect, it } from 'vitest';
import type { DeviceProfile, TokenResponse, UserProfile } from '../../../lib/session';
import { codeSent, failure, fakeSession, NOW, SIGN_IN_HEADERS, SSO, useFlowFakes } from '../test-support/flow-fakes';
import { createSignInModel } from './sign-in-model';

const TOKENS: TokenResponse = {
  access: 'access-1',
  refresh: 'refresh-1',
  user_uuid: 'u-1',
  has_phone: true,
  session: 's-1',
};

let signedIn: { response: TokenResponse | null; save: boolean }[];

function model(
  options: {
    profiles?: DeviceProfile[];
    switchTo?: (uuid: string) => Promise<UserProfile>;
    signedOut?: UserProfile;
    fresh?: boolean;
  } = {},
) {
  const { session, switched } = fakeSession(options.profiles ?? [], options.switchTo, options.signedOut);
  const signIn = createSignInModel({
    ...flow.deps,
    session,
    ...(options.fresh ? { fresh: true } : {}),
    onSignedIn: (response, save) => {
      signedIn.push({ response, save });
      return Promise.resolve();
    },
  });
  return { signIn, switched };
}

const flow = useFlowFakes();
beforeEach(() => {
  signedIn = [];
});

describe('signing in with a password', () => {
  it('sends the phone, password and save with the sign-in headers, then hands over the tokens', async () => {
    const { signIn } = model();
    flow.server.answer('post', `${SSO}/login/LoginUser/`, TOKENS);
    signIn.contact.phone.value = '90 123 45 67';
    signIn.password.value = 'correct horse';
    signIn.save.value = false;

    await signIn.submitPassword();

    expect(flow.server.calls).toEqual([
      {
        method: 'post',
        url: `${SSO}/login/LoginUser/`,
        body: { phone: '+998901234567', password: 'correct horse', save: false },
        headers: SIGN_IN_HEADERS,
      },
    ]);
    expect(signedIn).toEqual([{ response: TOKENS, save: false }]);
    expect(signIn.form.errors.value).toEqual({});
    expect(flow.toasts).toEqual([]);
  });

  it('sends nothing without a password or with an incomplete phone, and says why beside each field', async () => {
    const { signIn } = model();
    signIn.contact.phone.value = '90 123 45';

    await signIn.submitPassword();

    expect(signIn.form.errors.value).toEqual({ phone: 'invalid_phone', password: 'field_required' });
    expect(flow.server.calls).toEqual([]);
    expect(signedIn).toEqual([]);
  });

  it('sends an account without a password straight to a one-time code (CheckUserPassword)', async () => {
    const { signIn } = model();
    flow.server.answer('get', `${SSO}/check/CheckUserPassword/`, { has_password: false });
    flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: true });
    flow.server.answer(
      'post',
      `${SSO}/auth/SendAuthSmsVerification/`,
      codeSent('code_send_to_phone', '+998 90 *** ** 67'),
    );
    signIn.contact.phone.value = '90 123 45 67';

    await signIn.submitPassword();

    expect(flow.server.calls).toEqual([
      { method: 'get', url: `${SSO}/check/CheckUserPassword/`, params: { phone: '+998901234567' } },
      { method: 'get', url: `${SSO}/check/CheckUserExists/`, params: { phone: '+998901234567' } },
      {
        method: 'post',
        url: `${SSO}/auth/SendAuthSmsVerification/`,
        body: { type: 'login_sms_verification', phone: '+998901234567', method: 'sms' },
        headers: SIGN_IN_HEADERS,
      },
    ]);
    expect(signIn.step.value).toBe('confirmation');
    expect(signIn.method.value).toBe('code');
    expect(flow.announced).toEqual([{ key: 'code_send_to_phone', to: '+998 90 *** ** 67' }]);
    expect(signIn.form.errors.value).toEqual({});
  });

  it('asks for the password of an account that has one, sending nothing else', async () => {
    const { signIn } = model();
    flow.server.answer('get', `${SSO}/check/CheckUserPassword/`, { has_password: true });
    signIn.contact.email.value = 'aziz@example.uz';
    signIn.contact.type.value = 'email';

    await signIn.submitPassword();

    expect(flow.server.calls).toEqual([
      { method: 'get', url: `${SSO}/check/CheckUserPassword/`, params: { email: 'aziz@example.uz' } },
    ]);
    expect(signIn.form.errors.value).toEqual({ password: 'field_required' });
    expect(signIn.step.value).toBe('login');
  });

  it('says a wrong password beside the password field, not in a toast', async () => {
    const { signIn } = model();
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(400, 'invalid_credentials'));
    signIn.contact.phone.value = '90 123 45 67';
    signIn.password.value = 'wrong';

    await signIn.submitPassword();

    expect(signIn.form.errors.value).toEqual({ password: 'invalid_credentials' });
    expect(flow.toasts).toEqual([]);
    expect(signIn.step.value).toBe('login');
    expect(signedIn).toEqual([]);
  });

  it('leaves the form for the error step when this device signed in to too many accounts', async () => {
    const { signIn } = model();
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(429, 'device_login_last_24_hours_error'));
    signIn.contact.phone.value = '90 123 45 67';
    signIn.password.value = 'correct horse';

    await signIn.submitPassword();

    expect(signIn.step.value).toBe('error');
    expect(signIn.failure.value).toBe('device_login_last_24_hours_error');
    expect(signIn.form.errors.value).toEqual({});
    expect(flow.toasts).toEqual([]);
    expect(signedIn).toEqual([]);
  });

  it('goes back from the error step to the form, the typed phone kept', async () => {
    const { signIn } = model();
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(400, 'session_expired'));
    signIn.contact.phone.value = '90 123 45 67';
    signIn.password.value = 'correct horse';
    await signIn.submitPassword();
    expect(signIn.step.value).toBe('error');

    signIn.backToLogin();

    expect(signIn.step.value).toBe('login');
    expect(signIn.failure.value).toBeNull();
    expect(signIn.contact.phone.value).toBe('90 123 45 67');
  });

  it('shows other refusals in a toast and stays on the form', async () => {
    const { signIn } = model();
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(500, 'server_error'));
    signIn.contact.phone.value = '90 123 45 67';
    signIn.password.value = 'correct horse';

    await signIn.submitPassword();

    expect(flow.toasts).toEqual(['server_error']);
    expect(signIn.step.value).toBe('login');
    expect(signIn.form.errors.value).toEqual({});
  });

  it('shows the busy sentence when the server had no turn for the password (503 server_busy), and stays on the form', async () => {
    const { signIn } = model();
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(503, 'server_busy'));
    signIn.contact.phone.value = '90 123 45 67';
    signIn.password.value = 'correct horse';

    await signIn.submitPassword();

    expect(flow.toasts).toEqual(['server_busy']);
    expect(signIn.step.value).toBe('login');
    expect(signIn.password.value).toBe('correct horse');
  });
});

describe('asking for a sign-in code', () => {
  it('tells a phone with no account so beside the phone, and sends no code', async () => {
    const { signIn } = model();
    flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: false });
    signIn.contact.phone.value = '90 123 45 67';

    await signIn.requestCode('sms');

    expect(flow.server.calls).toEqual([
      { method: 'get', url: `${SSO}/check/CheckUserExists/`, params: { phone: '+998901234567' } },
    ]);
    expect(signIn.form.errors.value).toEqual({ phone: 'user_not_found_phone' });
    expect(signIn.step.value).toBe('login');
    expect(flow.announced).toEqual([]);
  });

  it.each(['sms', 'call'] as const)(
    'sends a login_sms_verification code by %s to a known phone and moves to the code',
    async (how) => {
      const { signIn } = model();
      flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: true });
      flow.server.answer(
        'post',
        `${SSO}/auth/SendAuthSmsVerification/`,
        codeSent('code_send_to_phone', '+998 90 *** ** 67'),
      );
      signIn.contact.phone.value = '90 123 45 67';

      await signIn.requestCode(how);

      expect(flow.server.calls.slice(1)).toEqual([
        {
          method: 'post',
          url: `${SSO}/auth/SendAuthSmsVerification/`,
          body: { type: 'login_sms_verification', phone: '+998901234567', method: how },
          headers: SIGN_IN_HEADERS,
        },
      ]);
      expect(signIn.step.value).toBe('confirmation');
      expect(flow.announced).toEqual([{ key: 'code_send_to_phone', to: '+998 90 *** ** 67' }]);
      expect(signIn.codes.resendAt.value).toBe(NOW + 120_000);
      expect(signIn.codes.channel.value).toBe(how);
    },
  );

  it('says a cooldown beside the phone when asking first', async () => {
    const { signIn } = model();
    flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: true });
    flow.server.fail('post', `${SSO}/auth/SendAuthSmsVerification/`, failure(429, 'timeout'));
    signIn.contact.phone.value = '90 123 45 67';

    await signIn.requestCode('sms');

    expect(signIn.form.errors.value).toEqual({ phone: 'timeout_try_2_min' });
    expect(flow.toasts).toEqual([]);
    expect(signIn.step.value).toBe('login');
  });

  it('says a cooldown beside the code when asking again', async () => {
    const { signIn } = model();
    flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: true });
    flow.server.answer(
      'post',
      `${SSO}/auth/SendAuthSmsVerification/`,
      codeSent('code_send_to_phone', '+998 90 *** ** 67'),
    );
    flow.server.fail('post', `${SSO}/auth/SendAuthSmsVerification/`, failure(429, 'timeout'));
    signIn.contact.phone.value = '90 123 45 67';
    await signIn.requestCode('call');

    await signIn.codes.resend();

    expect(flow.server.calls.at(-1)?.body).toEqual({
      type: 'login_sms_verification',
      phone: '+998901234567',
      method: 'call',
    });
    expect(signIn.form.errors.value).toEqual({ code: 'timeout_try_2_min' });
    expect(flow.toasts).toEqual([]);
    expect(signIn.step.value).toBe('confirmation');
  });
});
