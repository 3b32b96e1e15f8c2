/** The sign-in model: signing in with a code, and this device's accounts. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeviceProfile, TokenResponse, UserProfile } from '../../../lib/session';
import {
  codeSent,
  deviceProfile,
  failure,
  fakeSession,
  SIGN_IN_HEADERS,
  SSO,
  user,
  useFlowFakes,
} from '../test-support/flow-fakes';
import { chooseAccount } from './choose-account';
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
  return { signIn, switched, session };
}

const flow = useFlowFakes();
beforeEach(() => {
  signedIn = [];
});

/** A model waiting for the code sent by SMS to +998901234567, with the server's calls so far forgotten. */
async function atConfirmation() {
  const built = model();
  flow.server.answer(
    'post',
    `${SSO}/auth/SendAuthSmsVerification/`,
    codeSent('code_send_to_phone', '+998 90 *** ** 67'),
  );
  // The account Continue found (sign-in-model.test.ts).
  built.signIn.contact.value = { type: 'phone', value: '+998901234567' };
  await built.signIn.requestCode('sms');
  flow.server.calls.length = 0;
  return built.signIn;
}

describe('signing in with a code', () => {
  it('refuses a code of 5 digits without sending it', async () => {
    const signIn = await atConfirmation();
    signIn.codes.code.value = '12345';

    await signIn.submitCode();

    expect(signIn.form.errors.value).toEqual({ code: 'invalid_code' });
    expect(flow.server.calls).toEqual([]);
    expect(signedIn).toEqual([]);
  });

  it('sends the phone, code and save to LoginOtp and hands over the tokens', async () => {
    const signIn = await atConfirmation();
    flow.server.answer('post', `${SSO}/login/LoginOtp/`, TOKENS);
    signIn.codes.code.value = '123456';

    await signIn.submitCode();

    expect(flow.server.calls).toEqual([
      {
        method: 'post',
        url: `${SSO}/login/LoginOtp/`,
        body: { phone: '+998901234567', code: '123456', save: true },
        headers: SIGN_IN_HEADERS,
      },
    ]);
    expect(signedIn).toEqual([{ response: TOKENS, save: true }]);
  });

  it('leaves the code for the error step when this device signed in to too many accounts', async () => {
    const signIn = await atConfirmation();
    flow.server.fail('post', `${SSO}/login/LoginOtp/`, failure(429, 'device_login_last_24_hours_error'));
    signIn.codes.code.value = '123456';

    await signIn.submitCode();

    expect(signIn.step.value).toBe('error');
    expect(signIn.failure.value).toBe('device_login_last_24_hours_error');
    expect(signIn.form.errors.value).toEqual({});
    expect(flow.toasts).toEqual([]);
    expect(signedIn).toEqual([]);
  });

  it('says a wrong code beside the code', async () => {
    const signIn = await atConfirmation();
    flow.server.fail('post', `${SSO}/login/LoginOtp/`, failure(400, 'code_not_valid', 'code'));
    signIn.codes.code.value = '123456';

    await signIn.submitCode();

    expect(signIn.form.errors.value).toEqual({ code: 'code_not_valid' });
    expect(signIn.step.value).toBe('confirmation');
  });
});

describe("this device's accounts", () => {
  it('starts at the chooser when the device has accounts with a stored session', () => {
    expect(model({ profiles: [deviceProfile('u-2')] }).signIn.step.value).toBe('accounts');
    expect(model().signIn.step.value).toBe('login');
  });

  it('resumes the chosen account and signs in without new tokens', async () => {
    const { signIn, switched, session } = model({ profiles: [deviceProfile('u-2'), deviceProfile('u-3')] });

    await chooseAccount(signIn, session, 'u-3');

    expect(switched).toEqual(['u-3']);
    expect(signedIn).toEqual([{ response: null, save: true }]);
    expect(flow.server.calls).toEqual([]);
  });

  it('says an ended stored session on the error step, and goes on to the form', async () => {
    const refused = { status: 401, data: { detail: 'Token is invalid or expired', code: 'token_not_valid' } };
    const { signIn, switched, session } = model({
      profiles: [deviceProfile('u-2')],
      switchTo: () => Promise.reject(refused),
    });

    await chooseAccount(signIn, session, 'u-2');

    expect(switched).toEqual(['u-2']);
    expect(signIn.step.value).toBe('error');
    expect(signIn.failure.value).toBe('session_expired');
    expect(flow.toasts).toEqual([]);
    expect(signedIn).toEqual([]);

    signIn.backToLogin();
    expect(signIn.step.value).toBe('login');
  });

  it('shows a server failure while resuming in a toast and stays on the chooser', async () => {
    const { signIn, session } = model({
      profiles: [deviceProfile('u-2')],
      switchTo: () => Promise.reject(failure(502, 'server_error')),
    });

    await chooseAccount(signIn, session, 'u-2');

    expect(flow.toasts).toEqual(['server_error']);
    expect(signIn.step.value).toBe('accounts');
  });

  it('leaves the chooser for the form', () => {
    const { signIn } = model({ profiles: [deviceProfile('u-2')] });
    signIn.chooseAnotherAccount();
    expect(signIn.step.value).toBe('login');
  });

  it('starts at the logout step after a sign-out when the device holds other accounts, and stays there once started', async () => {
    const { signIn } = model({ profiles: [deviceProfile('u-2')], signedOut: user });
    expect(signIn.step.value).toBe('logout');
    await signIn.start();
    expect(signIn.step.value).toBe('logout');
    signIn.chooseAnotherAccount();
    expect(signIn.step.value).toBe('login');
  });

  it('offers no saved account when an app asked for a fresh sign-in (OpenID Connect prompt=login), even once started', async () => {
    const { signIn } = model({ profiles: [deviceProfile('u-2')], fresh: true });
    expect(signIn.step.value).toBe('login');
    await signIn.start();
    expect(signIn.step.value).toBe('login');
    expect(flow.server.calls).toEqual([]);
  });

  it('starts at the form after a sign-out when no other account remains', async () => {
    const { signIn } = model({ signedOut: user });
    await signIn.start();
    expect(signIn.step.value).toBe('login');
  });
});
