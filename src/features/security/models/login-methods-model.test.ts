/** The login-methods page's linked providers: listed, linked, unlinked (never the last way in). */
import { describe, expect, it } from 'vitest';
import { failure, fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { securityApi } from '../api/security-api';
import { createLoginMethodsModel, linkedIdentities } from './login-methods-model';

const SSO = '/sso/api/v1';
const WAYS = { password: false, phone_code: false, email_code: true };
const GOOGLE = { provider: 'google', display: 'aziz@gmail.com', linked_at: '2026-11-20T09:00:00.000Z' };

function setup(identities: (typeof GOOGLE)[], offered = ['google', 'telegram', 'apple']) {
  const server = fakeHttp();
  const { showError, toasts } = fakeShowError();
  const went: string[] = [];
  const load = (list: (typeof GOOGLE)[]) => {
    server.answer('get', `${SSO}/user/login-methods/`, {
      ...WAYS,
      social: list.map((identity) => identity.provider),
      identities: list,
    });
    server.answer('get', `${SSO}/user/grants/`, []);
    server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: offered });
  };
  load(identities);
  const model = createLoginMethodsModel({
    api: securityApi(server.http, SSO),
    showError,
    go: (url) => void went.push(url),
  });
  return { server, toasts, went, model, load };
}

describe('the linked providers', () => {
  it('lists the linked identities, and offers a Link for each offered provider not linked', async () => {
    const { model } = setup([GOOGLE]);
    await model.load();
    expect(model.linked.value).toEqual([GOOGLE]);
    expect(model.linkable.value).toEqual(['telegram', 'apple']);
  });

  it('shows only the identities of providers this site knows', () => {
    const unknown = { provider: 'myspace', display: null, linked_at: '2026-01-01T00:00:00Z' };
    expect(
      linkedIdentities({ ...WAYS, social: ['google', 'myspace'], identities: [GOOGLE, unknown] } as never),
    ).toEqual([GOOGLE]);
  });

  it('starts a link with link: true and goes to the provider', async () => {
    const { server, model, went } = setup([]);
    await model.load();
    server.answer('post', `${SSO}/SocialAuth/Telegram/Login/`, { url: 'http://127.0.0.1:8082/telegram/auth?x=1' });
    await model.link('telegram');
    expect(server.calls.at(-1)).toMatchObject({ url: `${SSO}/SocialAuth/Telegram/Login/`, body: { link: true } });
    expect(went).toEqual(['http://127.0.0.1:8082/telegram/auth?x=1']);
    expect(model.linking.value).toBe('telegram');
  });

  it('unlinks and lists again; the last way in is refused in the server’s words', async () => {
    const { server, model, toasts, load } = setup([GOOGLE, { ...GOOGLE, provider: 'apple' }]);
    await model.load();
    server.answer('delete', `${SSO}/user/login-methods/social/apple/`, {});
    load([GOOGLE]);
    expect(await model.unlink('apple')).toBe(true);
    expect(model.linked.value.map((identity) => identity.provider)).toEqual(['google']);

    server.fail('delete', `${SSO}/user/login-methods/social/google/`, failure(400, 'last_sign_in_method'));
    expect(await model.unlink('google')).toBe(false);
    expect(toasts).toEqual(['last_sign_in_method']);
    expect(model.linked.value.map((identity) => identity.provider)).toEqual(['google']);
  });

  it('still shows what is linked when the providers cannot be read (only Link is missing)', async () => {
    const server = fakeHttp();
    const { showError } = fakeShowError();
    server.answer('get', `${SSO}/user/login-methods/`, { ...WAYS, social: ['google'], identities: [GOOGLE] });
    server.answer('get', `${SSO}/user/grants/`, []);
    server.fail('get', `${SSO}/SocialAuth/providers/`, failure(502, 'server_error'));
    const model = createLoginMethodsModel({ api: securityApi(server.http, SSO), showError });
    await model.load();
    expect(model.state.value).toBe('ready');
    expect(model.linked.value).toEqual([GOOGLE]);
    expect(model.linkable.value).toEqual([]);
  });
});
