import { beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../../lib/session';
import { PasskeyError } from '../../../lib/webauthn';
import { failure, freshSignInModel, SIGN_IN_HEADERS, SSO, useFlowFakes } from '../test-support/flow-fakes';
import { attachPasskeys, type PasskeyCeremonies } from './passkey-sign-in';

const TOKENS: TokenResponse = { access: 'a-1', refresh: 'r-1', user_uuid: 'u-1', has_phone: true, session: 's-1' };
const OPTIONS = { challenge: 'c-1', rpId: 'localhost' };
const CREDENTIAL = { id: 'k-1', rawId: 'k-1', type: 'public-key' as const, response: { signature: 'sig' } };
const SECOND = { id: 'half-1', methods: ['totp', 'recovery'] as ('totp' | 'recovery')[], expires_in: 300 };

const flow = useFlowFakes();
let signedIn: { response: TokenResponse | null; save: boolean }[];
beforeEach(() => {
  signedIn = [];
});

/** A fake authenticator: each ceremony answers what the test says, and records how it was asked. */
function authenticator(answer: () => Promise<typeof CREDENTIAL>, autofill = false) {
  const asked: { autofill: boolean }[] = [];
  let cancelled = 0;
  const ceremonies: PasskeyCeremonies = {
    supported: () => true,
    autofillSupported: () => Promise.resolve(autofill),
    get: (_options, how) => {
      asked.push(how);
      return answer();
    },
    cancel: () => {
      cancelled += 1;
      return Promise.resolve();
    },
  };
  return { ceremonies, asked, cancelled: () => cancelled };
}

function model() {
  return freshSignInModel(flow, signedIn);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Presses "Sign in with a passkey", which its module has made ready. */
function press(signIn: ReturnType<typeof model>): void {
  const signInWithPasskey = signIn.passkey.value;
  if (!signInWithPasskey) throw new Error('the passkey button is not ready');
  signInWithPasskey();
}

describe('Sign in with a passkey', () => {
  it('is not offered where the browser has no WebAuthn', async () => {
    const signIn = model();
    await attachPasskeys(signIn, {
      ...authenticator(() => Promise.resolve(CREDENTIAL)).ceremonies,
      supported: () => false,
    });
    expect(signIn.passkey.value).toBe(false);
  });

  it('asks for options, signs with the picked passkey and sends it with "remember me"; the tokens finish the sign-in', async () => {
    const signIn = model();
    const { ceremonies, asked } = authenticator(() => Promise.resolve(CREDENTIAL));
    await attachPasskeys(signIn, ceremonies);
    flow.server.answer('post', `${SSO}/login/passkey/options/`, OPTIONS);
    flow.server.answer('post', `${SSO}/login/passkey/`, TOKENS);
    signIn.save.value = false;

    press(signIn);
    await settle();

    expect(asked).toEqual([{ autofill: false }]);
    expect(flow.server.calls.map((call) => [call.url, call.body, call.headers])).toEqual([
      [`${SSO}/login/passkey/options/`, {}, SIGN_IN_HEADERS],
      [`${SSO}/login/passkey/`, { credential: CREDENTIAL, save: false }, SIGN_IN_HEADERS],
    ]);
    expect(signedIn).toEqual([{ response: TOKENS, save: false }]);
  });

  it('leaves the form as it was when the person closes the prompt', async () => {
    const signIn = model();
    await attachPasskeys(signIn, authenticator(() => Promise.reject(new PasskeyError('cancelled'))).ceremonies);
    flow.server.answer('post', `${SSO}/login/passkey/options/`, OPTIONS);

    press(signIn);
    await settle();

    expect(signIn.step.value).toBe('login');
    expect(signIn.form.errors.value).toEqual({});
    expect(flow.toasts).toEqual([]);
    expect(signedIn).toEqual([]);
  });

  it('says a refused passkey on the error step', async () => {
    const signIn = model();
    await attachPasskeys(signIn, authenticator(() => Promise.resolve(CREDENTIAL)).ceremonies);
    flow.server.answer('post', `${SSO}/login/passkey/options/`, OPTIONS);
    flow.server.fail('post', `${SSO}/login/passkey/`, failure(400, 'passkey_not_valid'));

    press(signIn);
    await settle();

    expect(signIn.step.value).toBe('error');
    expect(signIn.failure.value).toBe('passkey_not_valid');
    expect(signedIn).toEqual([]);
  });

  it('moves to the second step when the passkey did not verify its user and two-step is on', async () => {
    const signIn = model();
    await attachPasskeys(signIn, authenticator(() => Promise.resolve(CREDENTIAL)).ceremonies);
    flow.server.answer('post', `${SSO}/login/passkey/options/`, OPTIONS);
    flow.server.answer('post', `${SSO}/login/passkey/`, { second_step: SECOND });

    press(signIn);
    await settle();

    expect(signIn.step.value).toBe('second');
    expect(signIn.secondStep.value).toEqual(SECOND);
    expect(signedIn).toEqual([]);
  });
});

describe('the autofill (conditional UI)', () => {
  it('waits on the identifier stage, signs in with a passkey picked from the field, as the button does', async () => {
    const signIn = model();
    let pick: ((credential: typeof CREDENTIAL) => void) | undefined;
    const { ceremonies, asked } = authenticator(() => new Promise((resolve) => (pick = resolve)), true);
    flow.server.answer('post', `${SSO}/login/passkey/options/`, OPTIONS);
    flow.server.answer('post', `${SSO}/login/passkey/`, TOKENS);
    const stop = await attachPasskeys(signIn, ceremonies);
    await settle();
    expect(asked).toEqual([{ autofill: true }]);
    expect(signedIn).toEqual([]);

    pick?.(CREDENTIAL);
    await settle();

    expect(signedIn).toEqual([{ response: TOKENS, save: true }]);
    stop();
  });

  it('is cancelled when the flow leaves the identifier stage', async () => {
    const signIn = model();
    const { ceremonies, cancelled } = authenticator(() => new Promise(() => {}), true);
    flow.server.answer('post', `${SSO}/login/passkey/options/`, OPTIONS);
    const stop = await attachPasskeys(signIn, ceremonies);
    await settle();
    expect(cancelled()).toBe(0);

    signIn.stage.value = 'challenge';

    expect(cancelled()).toBe(1);
    stop();
  });
});
