import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import ru from '../../../../server/src/locales/ru.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { failure, fakeHttp } from '../../../lib/testing/fake-http';
import { useReactRoot } from '../../../lib/testing/react-root';
import { homeApi, type ActiveSession } from '../api/home-api';
import { createHomeStatusModel } from '../models/home-status-model';
import { AccountStatus } from './account-status';

const SSO = '/sso/api/v1';
const NOW = Date.parse('2026-11-27T09:00:00.000Z');
const view = useReactRoot();

const session = (id: string, hoursAgo: number, changes: Partial<ActiveSession> = {}): ActiveSession => ({
  id,
  device: 'desktop',
  browser: 'Firefox',
  os: 'Windows',
  ip: '10.0.0.1',
  source: 'web',
  partner_origin: null,
  method: null,
  created_at: new Date(NOW - hoursAgo * 3_600_000).toISOString(),
  last_active_at: new Date(NOW).toISOString(),
  current: false,
  ...changes,
});

async function shown(locale: 'en' | 'ru', answer: (server: ReturnType<typeof fakeHttp>) => void) {
  const server = fakeHttp();
  answer(server);
  const i18n = createI18n((wanted) => Promise.resolve(wanted === 'ru' ? ru : en));
  await i18n.setLocale(locale);
  const model = createHomeStatusModel({ api: homeApi(server.http, SSO) });
  await act(async () => {
    view.root.render(
      <ServicesContext.Provider value={{ i18n } as unknown as Services}>
        <AccountStatus model={model} />
      </ServicesContext.Provider>,
    );
    await model.load();
  });
  return { server, model };
}

const rows = () =>
  [...view.host.querySelectorAll('a')].map((link) => [link.getAttribute('href'), link.textContent?.trim()]);

describe("Home's status rows", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => vi.useRealTimers());

  it('names the newest sign-in, on another device, in the active locale, and counts sessions and apps', async () => {
    await shown('ru', (server) => {
      server.answer('get', `${SSO}/user/sessions/`, [
        session('this', 30, { current: true, browser: 'Chrome' }),
        session('phone', 2, { browser: null, os: null }),
      ]);
      server.answer('get', `${SSO}/user/grants/`, []);
    });
    expect(rows()).toEqual([
      ['/security/active-sessions/', `${ru.home_last_sign_in}2 часа назад${ru.sessions_unknown_device}`],
      ['/security/active-sessions/', `${ru.sessions_title}2`],
      ['/security/login-methods/', `${ru.home_apps_with_access}0`],
    ]);
    expect(view.host.textContent).not.toContain(ru.sessions_this_device);
  });

  it('marks the last sign-in as this device when it is this one', async () => {
    await shown('en', (server) => {
      server.answer('get', `${SSO}/user/sessions/`, [session('this', 0, { current: true })]);
      server.answer('get', `${SSO}/user/grants/`, []);
    });
    expect(rows()[0]).toEqual([
      '/security/active-sessions/',
      `${en.home_last_sign_in}${en.just_now}Firefox · Windows${en.sessions_this_device}`,
    ]);
  });

  it('offers a retry when the lists cannot be read', async () => {
    await shown('en', (server) => {
      server.fail('get', `${SSO}/user/sessions/`, failure(502, 'server_error'));
      server.answer('get', `${SSO}/user/grants/`, []);
    });
    expect(rows()).toEqual([]);
    expect(view.host.querySelector('[role="alert"]')?.textContent).toContain(en.retry);
  });
});
