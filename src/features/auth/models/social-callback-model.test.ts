/** /oauth/{provider}: the answer carried on, and what the server's answer leads to (docs/product.md §2, §4). */
import { beforeEach, describe, expect, it } from 'vitest';
import type { TokenResponse } from '../../../lib/session';
import { failure, SIGN_IN_HEADERS, SSO, useFlowFakes } from '../test-support/flow-fakes';
import { createSocialCallbackModel } from './social-callback-model';

const flow = useFlowFakes();
let told: string[];
let went: string[];
let pending: string[];
let finished: { response: TokenResponse; save: boolean }[];

beforeEach(() => {
  told = [];
  went = [];
  pending = [];
  finished = [];
});

let left: string[];
beforeEach(() => {
  left = [];
});

function model() {
  return createSocialCallbackModel({
    leave: (url) => void left.push(url),
    api: flow.server.api,
    showError: flow.deps.showError,
    deviceId: () => 'dev-1',
    tell: (type, key, provider) => void told.push(`${type} ${key} ${provider ?? ''}`),
    navigate: (to) => void went.push(to),
    keepPendingUser: (uuid) => void pending.push(uuid),
    finish: (response, save) => {
      finished.push({ response, save });
      return Promise.resolve();
    },
  });
}

const TOKENS: TokenResponse = { access: 'a-1', refresh: 'r-1', user_uuid: 'u-1', has_phone: true, session: 's-1' };
const google = { rest: '', search: '', hash: 'access_token=t-1&state=st' };

describe('the social callback', () => {
  it('signs in with the token response as a password sign-in does, with the sign-in headers', async () => {
    flow.server.answer('post', `${SSO}/SocialAuth/GoogleLogin/`, TOKENS);
    await model().run('google', google);

    expect(flow.server.calls).toEqual([
      {
        method: 'post',
        url: `${SSO}/SocialAuth/GoogleLogin/`,
        body: { access_token: 't-1', state: 'st', device_id: 'dev-1' },
        headers: SIGN_IN_HEADERS,
      },
    ]);
    expect(finished).toEqual([{ response: TOKENS, save: true }]);
    expect(pending).toEqual([]);
  });

  it('keeps the pending id of a new account without a phone before going on (docs/product.md §3 userUUID)', async () => {
    const fresh = { ...TOKENS, user_uuid: 'u-new', has_phone: false };
    flow.server.answer('get', `${SSO}/SocialAuth/TelegramLogin/?id=1&hash=h&state=st`, fresh);
    await model().run('telegram', { rest: '', search: 'id=1&hash=h&state=st', hash: '' });

    expect(pending).toEqual(['u-new']);
    expect(finished).toEqual([{ response: fresh, save: true }]);
  });

  it('goes back to the login methods, saying so, after a link', async () => {
    flow.server.answer('post', `${SSO}/SocialAuth/VkLogin/`, { linked: 'vk' });
    await model().run('vk', { rest: '', search: 'code=c&state=st', hash: '' });

    expect(told).toEqual(['success social_linked vk']);
    expect(went).toEqual(['/security/login-methods/']);
    expect(finished).toEqual([]);
  });

  it('stops at the integration step when the identity matches an existing account: nothing is signed in', async () => {
    const integration = {
      token: 'pl-1',
      provider: 'google' as const,
      contact: 'a***@mail.uz',
      contact_type: 'email' as const,
      has_password: true,
    };
    flow.server.answer('post', `${SSO}/SocialAuth/GoogleLogin/`, { integration });
    const callback = model();
    await callback.run('google', google);

    expect(callback.integration.value).toEqual(integration);
    expect(finished).toEqual([]);
    expect(went).toEqual([]);
    callback.cancel();
    expect(went).toEqual(['/login']);
  });

  it('says a refused answer in its own sentence and goes to Login (docs/product.md §4)', async () => {
    flow.server.fail('post', `${SSO}/SocialAuth/AppleLogin/`, failure(400, 'social_state_mismatch'));
    await model().run('apple', { rest: '', search: 'code=c&state=st', hash: '' });

    expect(flow.toasts).toEqual(['social_state_mismatch']);
    expect(went).toEqual(['/login']);
  });

  it('sends an unknown provider to Login without a call, and a cancelled one with a word', async () => {
    await model().run('myspace', google);
    await model().run('facebook', { rest: '', search: 'error=access_denied&state=st', hash: '' });
    await model().run('oneid', { rest: '', search: 'state=st', hash: '' });

    expect(flow.server.calls).toEqual([]);
    expect(told).toEqual(['info social_cancelled facebook', 'error social_login_failed oneid']);
    expect(went).toEqual(['/login', '/login', '/login']);
  });

  it('carries a provider’s single-use answer on once, however often the page starts it', async () => {
    flow.server.answer('post', `${SSO}/SocialAuth/GoogleLogin/`, TOKENS);
    const callback = model();
    await Promise.all([callback.run('google', google), callback.run('google', google)]);
    expect(flow.server.calls).toHaveLength(1);
  });
});

describe('the start in the window a partner’s frame opened (docs/partners.md)', () => {
  const AUTHORIZE = 'http://127.0.0.1:8082/google/o/oauth2/v2/auth?state=st';

  it('begins the flow marked as a popup’s, with the sign-in headers, then leaves for the provider, once', async () => {
    flow.server.answer('post', `${SSO}/SocialAuth/Google/Login/`, { url: AUTHORIZE });
    const callback = model();
    await Promise.all([callback.startInPopup('google'), callback.startInPopup('google')]);

    expect(flow.server.calls).toEqual([
      { method: 'post', url: `${SSO}/SocialAuth/Google/Login/`, body: { popup: true }, headers: SIGN_IN_HEADERS },
    ]);
    expect(left).toEqual([AUTHORIZE]);
    expect(went).toEqual([]);
  });

  it('says a refused start in its sentence and goes to Login; an unknown provider starts nothing', async () => {
    flow.server.fail('post', `${SSO}/SocialAuth/Yandex/Login/`, failure(400, 'social_login_failed'));
    await model().startInPopup('yandex');
    await model().startInPopup('myspace');

    expect(flow.toasts).toEqual(['social_login_failed']);
    expect(flow.server.calls).toHaveLength(1);
    expect(left).toEqual([]);
    expect(went).toEqual(['/login', '/login']);
  });
});
