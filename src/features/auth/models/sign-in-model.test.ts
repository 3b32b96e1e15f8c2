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

/** Types `typed` and presses Continue, the server answering both checks as told. */
async function continueWith(
  signIn: ReturnType<typeof model>['signIn'],
  typed: string,
  answers: { exists: boolean; hasPassword: boolean } = { exists: true, hasPassword: true },
) {
  flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: answers.exists });
  flow.server.answer('get', `${SSO}/check/CheckUserPassword/`, { has_password: answers.hasPassword });
  signIn.identifier.set(typed);
  await signIn.submitIdentifier();
  flow.server.calls.splice(0);
}

const flow = useFlowFakes();
beforeEach(() => {
  signedIn = [];
});

describe('the first stage: one field for a phone or an e-mail', () => {
  it('asks whether the account exists and has a password in one round trip, then offers the password', async () => {
    const { signIn } = model();
    flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: true });
    flow.server.answer('get', `${SSO}/check/CheckUserPassword/`, { has_password: true });
    signIn.identifier.set('90 123 45 67');

    await signIn.submitIdentifier();

    expect(flow.server.calls).toEqual([
      { method: 'get', url: `${SSO}/check/CheckUserExists/`, params: { phone: '+998901234567' } },
      { method: 'get', url: `${SSO}/check/CheckUserPassword/`, params: { phone: '+998901234567' } },
    ]);
    expect(signIn.stage.value).toBe('challenge');
    expect(signIn.contact.value).toEqual({ type: 'phone', value: '+998901234567' });
    expect(signIn.step.value).toBe('login');
  });

  it('reads an e-mail from the same field', async () => {
    const { signIn } = model();
    await continueWith(signIn, ' Aziz@Example.uz');
    expect(signIn.contact.value).toEqual({ type: 'email', value: 'aziz@example.uz' });
    expect(signIn.stage.value).toBe('challenge');
  });

  it('sends nothing for what is neither a phone nor an e-mail, and says so beside the field', async () => {
    const { signIn } = model();
    signIn.identifier.set('90 123 45');

    await signIn.submitIdentifier();

    expect(signIn.form.errors.value).toEqual({ identifier: 'invalid_phone_or_email' });
    expect(flow.server.calls).toEqual([]);
    expect(signIn.stage.value).toBe('identifier');
  });

  it('says there is no account with this contact beside the field, and stays', async () => {
    const { signIn } = model();
    await continueWith(signIn, 'nobody@example.uz', { exists: false, hasPassword: false });
    expect(signIn.form.errors.value).toEqual({ identifier: 'user_not_found_email' });
    expect(signIn.stage.value).toBe('identifier');
    expect(flow.announced).toEqual([]);
  });

  it('sends an account without a password straight to a one-time code', async () => {
    const { signIn } = model();
    flow.server.answer(
      'post',
      `${SSO}/auth/SendAuthSmsVerification/`,
      codeSent('code_send_to_phone', '+998 90 *** ** 67'),
    );
    flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: true });
    flow.server.answer('get', `${SSO}/check/CheckUserPassword/`, { has_password: false });
    signIn.identifier.set('90 123 45 67');

    await signIn.submitIdentifier();

    expect(flow.server.calls.at(-1)).toEqual({
      method: 'post',
      url: `${SSO}/auth/SendAuthSmsVerification/`,
      body: { type: 'login_sms_verification', phone: '+998901234567', method: 'sms' },
      headers: SIGN_IN_HEADERS,
    });
    expect(signIn.step.value).toBe('confirmation');
    expect(flow.announced).toEqual([{ key: 'code_send_to_phone', to: '+998 90 *** ** 67' }]);
    // Back from the code: the field, for there is no password to ask.
    signIn.backToLogin();
    expect([signIn.step.value, signIn.stage.value]).toEqual(['login', 'identifier']);
  });

  it('"Not you?" goes back to the field with what was typed kept', async () => {
    const { signIn } = model();
    await continueWith(signIn, '90 123 45 67');
    signIn.password.value = 'half typed';

    signIn.notYou();

    expect(signIn.stage.value).toBe('identifier');
    expect(signIn.identifier.value).toBe('90 123 45 67');
    expect(signIn.contact.value).toBeNull();
    expect(signIn.password.value).toBe('');
  });
});

describe('signing in with a password', () => {
  it('sends the phone, password and save with the sign-in headers, then hands over the tokens', async () => {
    const { signIn } = model();
    await continueWith(signIn, '90 123 45 67');
    flow.server.answer('post', `${SSO}/login/LoginUser/`, TOKENS);
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

  it('sends nothing without a password, and says so beside it', async () => {
    const { signIn } = model();
    await continueWith(signIn, 'aziz@example.uz');

    await signIn.submitPassword();

    expect(signIn.form.errors.value).toEqual({ password: 'field_required' });
    expect(flow.server.calls).toEqual([]);
    expect(signedIn).toEqual([]);
  });

  it('says a wrong password beside the password field, not in a toast', async () => {
    const { signIn } = model();
    await continueWith(signIn, '90 123 45 67');
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(400, 'invalid_credentials'));
    signIn.password.value = 'wrong';

    await signIn.submitPassword();

    expect(signIn.form.errors.value).toEqual({ password: 'invalid_credentials' });
    expect(flow.toasts).toEqual([]);
    expect([signIn.step.value, signIn.stage.value]).toEqual(['login', 'challenge']);
    expect(signedIn).toEqual([]);
  });

  it('leaves the form for the error step when this device signed in to too many accounts', async () => {
    const { signIn } = model();
    await continueWith(signIn, '90 123 45 67');
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(429, 'device_login_last_24_hours_error'));
    signIn.password.value = 'correct horse';

    await signIn.submitPassword();

    expect(signIn.step.value).toBe('error');
    expect(signIn.failure.value).toBe('device_login_last_24_hours_error');
    expect(signIn.form.errors.value).toEqual({});
    expect(flow.toasts).toEqual([]);
    expect(signedIn).toEqual([]);
  });

  it('goes back from the error step to the password, the account kept', async () => {
    const { signIn } = model();
    await continueWith(signIn, '90 123 45 67');
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(400, 'session_expired'));
    signIn.password.value = 'correct horse';
    await signIn.submitPassword();
    expect(signIn.step.value).toBe('error');

    signIn.backToLogin();

    expect([signIn.step.value, signIn.stage.value]).toEqual(['login', 'challenge']);
    expect(signIn.failure.value).toBeNull();
    expect(signIn.identifier.value).toBe('90 123 45 67');
  });

  it('shows other refusals in a toast and stays on the form', async () => {
    const { signIn } = model();
    await continueWith(signIn, '90 123 45 67');
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(500, 'server_error'));
    signIn.password.value = 'correct horse';

    await signIn.submitPassword();

    expect(flow.toasts).toEqual(['server_error']);
    expect(signIn.step.value).toBe('login');
    expect(signIn.form.errors.value).toEqual({});
  });

  it('shows the busy sentence when the server had no turn for the password (503 server_busy), and stays on the form', async () => {
    const { signIn } = model();
    await continueWith(signIn, '90 123 45 67');
    flow.server.fail('post', `${SSO}/login/LoginUser/`, failure(503, 'server_busy'));
    signIn.password.value = 'correct horse';

    await signIn.submitPassword();

    expect(flow.toasts).toEqual(['server_busy']);
    expect(signIn.step.value).toBe('login');
    expect(signIn.password.value).toBe('correct horse');
  });
});

describe('trying another way: a sign-in code', () => {
  it.each(['sms', 'call'] as const)(
    'sends a login_sms_verification code by %s to the account found and moves to the code',
    async (how) => {
      const { signIn } = model();
      await continueWith(signIn, '90 123 45 67');
      flow.server.answer(
        'post',
        `${SSO}/auth/SendAuthSmsVerification/`,
        codeSent('code_send_to_phone', '+998 90 *** ** 67'),
      );

      await signIn.requestCode(how);

      expect(flow.server.calls).toEqual([
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

  it('says a cooldown on the second stage when asking first', async () => {
    const { signIn } = model();
    await continueWith(signIn, '90 123 45 67');
    flow.server.fail('post', `${SSO}/auth/SendAuthSmsVerification/`, failure(429, 'timeout'));

    await signIn.requestCode('sms');

    expect(signIn.form.errors.value).toEqual({ identifier: 'timeout_try_2_min' });
    expect(flow.toasts).toEqual([]);
    expect([signIn.step.value, signIn.stage.value]).toEqual(['login', 'challenge']);
  });

  it('says a cooldown beside the code when asking again', async () => {
    const { signIn } = model();
    await continueWith(signIn, '90 123 45 67');
    flow.server.answer(
      'post',
      `${SSO}/auth/SendAuthSmsVerification/`,
      codeSent('code_send_to_phone', '+998 90 *** ** 67'),
    );
    flow.server.fail('post', `${SSO}/auth/SendAuthSmsVerification/`, failure(429, 'timeout'));
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
