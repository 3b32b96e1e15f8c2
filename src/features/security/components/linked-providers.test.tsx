/** The login-methods page's linked providers, as a person sees and uses them. */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import { useReactRoot } from '../../../lib/testing/react-root';
import { securityApi } from '../api/security-api';
import { createLoginMethodsModel } from '../models/login-methods-model';
import { LinkedProviders } from './linked-providers';

const SSO = '/sso/api/v1';
const view = useReactRoot();
const NOW = Date.parse('2026-11-27T12:00:00.000Z');
const WAYS = { password: true, phone_code: true, email_code: false };
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function show(identities: { provider: string; display: string | null; linked_at: string }[], offered: string[]) {
  const server = fakeHttp();
  const { showError } = fakeShowError();
  const toasts: string[] = [];
  const social = identities.map((identity) => identity.provider);
  server.answer('get', `${SSO}/user/login-methods/`, { ...WAYS, social, identities });
  server.answer('get', `${SSO}/user/grants/`, []);
  server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: offered });
  const model = createLoginMethodsModel({ api: securityApi(server.http, SSO), showError });
  await model.load();
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const services = {
    i18n,
    toasts: { show: (_: string, line: string) => void toasts.push(line) },
  } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <LinkedProviders model={model} now={NOW} />
      </ServicesContext.Provider>,
    ),
  );
  return { server, toasts };
}

const names = () => [...view.host.querySelectorAll('.row-name')].map((name) => name.textContent);
const button = (name: string) =>
  [...view.host.querySelectorAll('button')].find(
    (candidate) => (candidate.getAttribute('aria-label') ?? candidate.textContent) === name,
  );

describe('the linked providers on the login-methods page', () => {
  it('says plainly that nothing is linked, and offers each provider with a named Link', async () => {
    await show([], ['google', 'oneid']);
    expect(view.host.querySelector('.empty-state-title')?.textContent).toBe(en.login_methods_linked_empty);
    expect(names()).toEqual(['Google', 'OneID']);
    expect(button('Link Google')?.textContent).toBe('Link');
  });

  it('shows a linked provider with what it calls the person and when it was linked', async () => {
    await show([{ provider: 'telegram', display: '@aziz_k', linked_at: '2026-11-24T12:00:00.000Z' }], ['telegram']);
    expect(names()).toEqual(['Telegram']);
    expect(view.host.querySelector('.row-detail')?.textContent).toBe('@aziz_k');
    expect(view.host.querySelector('.row-value')?.textContent).toBe('Linked 3 days ago');
    expect(view.host.querySelector('.empty-state')).toBeNull();
  });

  it('asks before unlinking, focuses Cancel, and unlinks only on the confirmation', async () => {
    const { server, toasts } = await show(
      [{ provider: 'vk', display: null, linked_at: '2026-11-20T08:00:00.000Z' }],
      ['vk'],
    );
    act(() => button('Unlink VK')?.click());
    expect(view.host.querySelector('.confirm-question')?.textContent).toBe(
      'Unlink VK? You will no longer be able to sign in with it.',
    );
    expect(document.activeElement?.textContent).toBe(en.cancel);
    expect(server.calls.filter((call) => call.method === 'delete')).toEqual([]);

    server.answer('delete', `${SSO}/user/login-methods/social/vk/`, {});
    server.answer('get', `${SSO}/user/login-methods/`, { ...WAYS, social: [], identities: [] });
    server.answer('get', `${SSO}/user/grants/`, []);
    server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: ['vk'] });
    const confirm = [...view.host.querySelectorAll('.confirm button')].find(
      (candidate) => candidate.textContent === en.login_methods_unlink,
    );
    act(() => (confirm as HTMLButtonElement | undefined)?.click());
    await settle();
    expect(toasts).toEqual(['VK is unlinked.']);
    expect(view.host.querySelector('.empty-state-title')?.textContent).toBe(en.login_methods_linked_empty);
  });
});
