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
/** The phone app's request /login/mobile-* kept in this tab, as the consent page's query; null when none. */
let kept: string | null;
beforeEach(() => {
  left = [];
  kept = null;
});

function model() {
  return createSocialCallbackModel({
    leave: (url) => void left.push(url),
    takeAppRequest: () => {
      const request = kept === null ? null : new URLSearchParams(kept);
      kept = null;
      return request;
    },
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
    await callback.cancel();
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

describe('a phone app’s request waiting in this tab (/login/mobile-*, docs/partners.md)', () => {
  const APP_QUERY =
    'client_id=kirish-demo-app&redirect_uri=uz.kirish.demo%3A%2Foauth&response_type=code&scope=openid&state=app-st' +
    '&code_challenge=ch&code_challenge_method=S256';
  const APP_ANSWER = 'uz.kirish.demo:/oauth?error=access_denied&state=app-st&iss=http%3A%2F%2Flocalhost%3A8080';
  const refusal = (reason: string) => ({
    method: 'post',
    url: `${SSO}/oauth/authorize/`,
    body: { ...Object.fromEntries(new URLSearchParams(APP_QUERY)), consent: 'deny', deny_reason: reason },
    headers: { Authorization: '' },
  });

  it('answers a cancel at the provider with the refusal the server addresses to the app, once, without Login', async () => {
    kept = APP_QUERY;
    flow.server.answer('post', `${SSO}/oauth/authorize/`, { redirect_uri: APP_ANSWER });
    await model().run('telegram', { rest: '', search: 'state=st', hash: '' });

    expect(flow.server.calls).toEqual([refusal('cancelled')]);
    expect(left).toEqual([APP_ANSWER]);
    expect([told, went, kept]).toEqual([[], [], null]);
  });

  it('answers a failed sign-in, the provider’s or the server’s, as failed (server_error at the app)', async () => {
    kept = APP_QUERY;
    flow.server.answer('post', `${SSO}/oauth/authorize/`, { redirect_uri: 'uz.kirish.demo:/oauth?error=server_error' });
    await model().run('twitter', { rest: '', search: 'error=server_error&state=st', hash: '' });
    kept = APP_QUERY;
    flow.server.answer('post', `${SSO}/oauth/authorize/`, { redirect_uri: 'uz.kirish.demo:/oauth?error=server_error' });
    flow.server.fail('post', `${SSO}/SocialAuth/Twitter/Callback/`, failure(400, 'social_login_failed'));
    await model().run('twitter', { rest: '', search: 'code=c&state=st', hash: '' });

    expect(flow.server.calls.filter((call) => call.url.endsWith('/oauth/authorize/'))).toEqual([
      refusal('failed'),
      refusal('failed'),
    ]);
    expect(left).toHaveLength(2);
    expect([told, flow.toasts, went]).toEqual([[], [], []]);
  });

  it('answers the app when the person backs out of the integration step', async () => {
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
    kept = APP_QUERY;
    flow.server.answer('post', `${SSO}/oauth/authorize/`, { redirect_uri: APP_ANSWER });
    await callback.cancel();

    expect(flow.server.calls.at(-1)).toEqual(refusal('cancelled'));
    expect([left, went]).toEqual([[APP_ANSWER], []]);
  });

  it('falls back to the toast and Login when the server will not answer the app', async () => {
    kept = APP_QUERY;
    flow.server.fail('post', `${SSO}/oauth/authorize/`, failure(400, 'invalid_redirect_uri', 'redirect_uri'));
    await model().run('facebook', { rest: '', search: 'error=access_denied&state=st', hash: '' });

    expect([left, told, went, kept]).toEqual([[], ['info social_cancelled facebook'], ['/login'], null]);
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
