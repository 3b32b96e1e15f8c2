/** The `integration` step: an existing account proven before a provider's identity is linked to it. */
import { beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../../lib/session';
import { codeSent, failure, SIGN_IN_HEADERS, SSO, useFlowFakes } from '../test-support/flow-fakes';
import { createIntegrationModel } from './integration-model';
import type { Integration } from './social-callback-model';

const flow = useFlowFakes();
let signedIn: TokenResponse[];
beforeEach(() => {
  signedIn = [];
});

const TOKENS: TokenResponse = { access: 'a-1', refresh: 'r-1', user_uuid: 'u-1', has_phone: true, session: 's-1' };

function model(integration: Partial<Integration> = {}) {
  return createIntegrationModel({
    ...flow.deps,
    integration: {
      token: 'pl-1',
      provider: 'google',
      contact: '+998 90 *** ** 67',
      contact_type: 'phone',
      has_password: true,
      ...integration,
    },
    onSignedIn: (response) => {
      signedIn.push(response);
      return Promise.resolve();
    },
  });
}

describe('the integration step', () => {
  it('proves the account by its password, then links and signs in', async () => {
    flow.server.fail('post', `${SSO}/SocialAuth/Integration/`, failure(400, 'invalid_credentials', 'password'));
    flow.server.answer('post', `${SSO}/SocialAuth/Integration/`, TOKENS);
    const step = model();
    expect(step.step.value).toBe('password');

    await step.submitPassword();
    expect(step.password.error.value).toBe('field_required');
    expect(flow.server.calls).toEqual([]);

    step.password.set('wrong');
    await step.submitPassword();
    expect(step.password.error.value).toBe('invalid_credentials');
    expect(signedIn).toEqual([]);

    step.password.set('right one');
    await step.submitPassword();
    expect(flow.server.calls.at(-1)).toEqual({
      method: 'post',
      url: `${SSO}/SocialAuth/Integration/`,
      body: { token: 'pl-1', save: true, password: 'right one' },
      headers: SIGN_IN_HEADERS,
    });
    expect(signedIn).toEqual([TOKENS]);
  });

  it('proves an account without a password by a code to the matched contact', async () => {
    flow.server.answer(
      'post',
      `${SSO}/SocialAuth/Integration/code/`,
      codeSent('call_send_to_phone', '+998 90 *** ** 67'),
    );
    flow.server.answer('post', `${SSO}/SocialAuth/Integration/`, TOKENS);
    const step = model({ has_password: false });
    expect(step.step.value).toBe('choose');

    await step.sendCode('call');
    expect(step.step.value).toBe('code');
    expect(flow.announced).toEqual([{ key: 'call_send_to_phone', to: '+998 90 *** ** 67' }]);
    step.codes.code.set('123456');
    await step.submitCode();

    expect(flow.server.calls.map((call) => call.body)).toEqual([
      { token: 'pl-1', method: 'call' },
      { token: 'pl-1', save: true, code: '123456' },
    ]);
    expect(signedIn).toEqual([TOKENS]);
  });

  it('goes back step by step, and out (cancel) from its first step', () => {
    const withPassword = model();
    withPassword.codeInstead();
    expect(withPassword.step.value).toBe('choose');
    expect(withPassword.back()).toBe(true);
    expect(withPassword.step.value).toBe('password');
    expect(withPassword.back()).toBe(false);
    expect(model({ has_password: false }).back()).toBe(false);
  });
});
