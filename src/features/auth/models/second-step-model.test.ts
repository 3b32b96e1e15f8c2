import { beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../../lib/session';
import { PasskeyError } from '../../../lib/webauthn';
import { failure, freshSignInModel, SIGN_IN_HEADERS, SSO, useFlowFakes } from '../test-support/flow-fakes';
import { createSecondStepModel } from './second-step-model';
import type { SecondStepMethod } from '../../../../server/src/contract/two-step.js';

const TOKENS: TokenResponse = { access: 'a-1', refresh: 'r-1', user_uuid: 'u-1', has_phone: true, session: 's-1' };
const CREDENTIAL = { id: 'k-1', rawId: 'k-1', type: 'public-key' as const, response: { signature: 'sig' } };

const flow = useFlowFakes();
let signedIn: { response: TokenResponse | null; save: boolean }[];
beforeEach(() => {
  signedIn = [];
});

/** The sign-in flow after a password answered `second_step`, and its second step's model. */
async function atSecondStep(
  methods: SecondStepMethod[] = ['totp', 'recovery'],
  passkey = () => Promise.resolve(CREDENTIAL),
) {
  const signIn = freshSignInModel(flow, signedIn);
  flow.server.answer('get', `${SSO}/check/CheckUserExists/`, { exists: true });
  flow.server.answer('get', `${SSO}/check/CheckUserPassword/`, { has_password: true });
  signIn.identifier.set('aziz@example.uz');
  await signIn.submitIdentifier();
  flow.server.answer('post', `${SSO}/login/LoginUser/`, { second_step: { id: 'half-1', methods, expires_in: 300 } });
  signIn.password.value = 'correct horse';
  await signIn.submitPassword();
  flow.server.calls.splice(0);
  const step = createSecondStepModel(signIn, { supported: () => true, get: passkey });
  return { signIn, step };
}

describe('the second step', () => {
  it('follows a password that answered second_step, with no token handed over', async () => {
    const { signIn } = await atSecondStep();
    expect(signIn.step.value).toBe('second');
    expect(signedIn).toEqual([]);
  });

  it('sends the app code for the half-done sign-in and finishes the sign-in with the tokens', async () => {
    const { step } = await atSecondStep();
    flow.server.answer('post', `${SSO}/login/second-step/`, TOKENS);
    step.code.set('123456');

    await step.submit();

    expect(flow.server.calls).toEqual([
      {
        method: 'post',
        url: `${SSO}/login/second-step/`,
        body: { id: 'half-1', method: 'totp', code: '123456' },
        headers: SIGN_IN_HEADERS,
      },
    ]);
    expect(signedIn).toEqual([{ response: TOKENS, save: true }]);
  });

  it('says a wrong code beside the field and stays', async () => {
    const { signIn, step } = await atSecondStep();
    flow.server.fail('post', `${SSO}/login/second-step/`, failure(400, 'code_not_valid', 'code'));
    step.code.set('654321');

    await step.submit();

    expect(signIn.form.errors.value).toEqual({ code: 'code_not_valid' });
    expect(signIn.step.value).toBe('second');
    expect(flow.toasts).toEqual([]);
  });

  it('checks six digits before sending anything', async () => {
    const { signIn, step } = await atSecondStep();
    step.code.set('12a');
    await step.submit();
    expect(signIn.form.errors.value).toEqual({ code: 'code_not_valid' });
    expect(flow.server.calls).toEqual([]);
  });

  it.each(['code_attempts_exceeded', 'second_step_not_valid'])(
    'sends %s to the error step, whose way back is to the start',
    async (key) => {
      const { signIn, step } = await atSecondStep();
      flow.server.fail('post', `${SSO}/login/second-step/`, failure(400, key));
      step.code.set('111111');

      await step.submit();

      expect(signIn.step.value).toBe('error');
      expect(signIn.failure.value).toBe(key);
      signIn.backToLogin();
      expect(signIn.step.value).toBe('login');
    },
  );

  it('takes a recovery code instead, its case and hyphens ignored', async () => {
    const { step } = await atSecondStep();
    flow.server.answer('post', `${SSO}/login/second-step/`, TOKENS);
    step.switchTo('recovery');
    step.code.set('ABCD-EFGH-IJKL-MNOP');

    await step.submit();

    expect(flow.server.calls[0]?.body).toEqual({ id: 'half-1', method: 'recovery', code: 'abcdefghijklmnop' });
    expect(signedIn).toEqual([{ response: TOKENS, save: true }]);
  });

  it('offers a passkey only when the server lists one', async () => {
    expect((await atSecondStep()).step.passkeyOffered).toBe(false);
    expect((await atSecondStep(['totp', 'recovery', 'passkey'])).step.passkeyOffered).toBe(true);
  });

  it('signs the half-done sign-in with one of the account passkeys', async () => {
    const { step } = await atSecondStep(['totp', 'passkey']);
    flow.server.answer('post', `${SSO}/login/second-step/passkey/options/`, { challenge: 'c-2' });
    flow.server.answer('post', `${SSO}/login/second-step/`, TOKENS);

    await step.withPasskey();

    expect(flow.server.calls.map((call) => [call.url, call.body])).toEqual([
      [`${SSO}/login/second-step/passkey/options/`, { id: 'half-1' }],
      [`${SSO}/login/second-step/`, { id: 'half-1', method: 'passkey', credential: CREDENTIAL }],
    ]);
    expect(signedIn).toEqual([{ response: TOKENS, save: true }]);
  });

  it('stays on the step when the passkey prompt is closed', async () => {
    const { signIn, step } = await atSecondStep(['totp', 'passkey'], () =>
      Promise.reject(new PasskeyError('cancelled')),
    );
    flow.server.answer('post', `${SSO}/login/second-step/passkey/options/`, { challenge: 'c-2' });

    await step.withPasskey();

    expect(signIn.step.value).toBe('second');
    expect(signedIn).toEqual([]);
  });

  it('goes back to the form', async () => {
    const { signIn, step } = await atSecondStep();
    step.back();
    expect(signIn.step.value).toBe('login');
    expect(signIn.secondStep.value).toBeNull();
  });
});
