import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useReactRoot } from '../lib/testing/react-root';
import type { AppInfo } from '../../server/src/contract/app-info.js';
import en from '../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../lib/i18n';
import { ServicesContext, type Services } from '../lib/services';
import RequestingApp from './requesting-app';

const view = useReactRoot();
afterEach(() => {
  history.replaceState(null, '', '/');
});

const SHOP: AppInfo = {
  client_id: 'shop',
  name: 'Bozor',
  logo_url: null,
  home_page: null,
  privacy_policy_url: null,
  terms_url: null,
  first_party: false,
  scopes: [],
};

async function show(path: string, answer: () => Promise<AppInfo>) {
  history.replaceState(null, '', path);
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const get = vi.fn<(url: string) => Promise<AppInfo>>(answer);
  const services = { i18n, http: { get }, config: { ssoApi: '/sso/api/v1' } } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <RequestingApp />
      </ServicesContext.Provider>,
    ),
  );
  return get;
}

describe('the requesting app on a sign-in page reached through a partner', () => {
  it("names the app of the request in the page's query, with its placeholder logo", async () => {
    const get = await show('/login?client_id=shop&state=x', () => Promise.resolve(SHOP));
    expect(get).toHaveBeenCalledWith('/sso/api/v1/oauth/app_info/?client_id=shop');
    expect(view.host.textContent).toBe('BSign in to continue to Bozor');
    expect(view.host.querySelector('.app-logo-letter')?.textContent).toBe('B');
  });

  it('says nothing for a client the registry does not know', async () => {
    await show('/login?client_id=nobody', () => Promise.reject(new Error('400 invalid_client')));
    expect(view.host.textContent).toBe('');
  });

  it('asks nothing without a request', async () => {
    const get = await show('/login', () => Promise.resolve(SHOP));
    expect(get).not.toHaveBeenCalled();
    expect(view.host.textContent).toBe('');
  });
});
