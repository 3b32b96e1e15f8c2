import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useReactRoot } from '../../../lib/testing/react-root';
import type { DeveloperAppList } from '../../../../server/src/contract/developers.js';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { fakeHttp, fakeShowError } from '../../../lib/testing/fake-http';
import DevelopersScreen from './developers-screen';

const SSO = '/sso/api/v1';
const EN: Record<string, string> = en;

const view = useReactRoot();

async function shown(list: DeveloperAppList): Promise<string> {
  const server = fakeHttp();
  server.answer('get', `${SSO}/developers/apps/`, list);
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const services = {
    i18n,
    http: server.http,
    config: { ssoApi: SSO },
    showError: fakeShowError().showError,
  } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <DevelopersScreen />
      </ServicesContext.Provider>,
    ),
  );
  expect(server.unexpected).toEqual([]);
  return view.host.textContent ?? '';
}

const links = () => [...view.host.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);

describe('the Developers screen', () => {
  it('explains what an app is and offers to register one when there is none', async () => {
    const page = await shown({ apps: [], limit: 10, can_register: true, reason: null });
    expect(page).toContain(EN.developers_empty_title);
    expect(page).toContain(EN.developers_what_is_app);
    expect(links()).toContainEqual([EN.developers_register, '/developers/new']);
  });

  it('says a phone is needed, with the way to add one, instead of the button', async () => {
    const page = await shown({ apps: [], limit: 10, can_register: false, reason: 'phone_required' });
    expect(page).toContain(EN.developers_phone_required);
    expect(links()).toContainEqual([EN.developers_add_phone, '/security']);
    expect(links().map(([, href]) => href)).not.toContain('/developers/new');
  });

  it('says the limit is reached', async () => {
    const page = await shown({ apps: [], limit: 10, can_register: false, reason: 'limit_reached' });
    expect(page).toContain(EN.developers_limit_reached?.replace('{{limit}}', '10'));
    expect(links().map(([, href]) => href)).not.toContain('/developers/new');
  });
});
