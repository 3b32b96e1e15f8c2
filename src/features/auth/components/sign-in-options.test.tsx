import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { useReactRoot } from '../../../lib/testing/react-root';
import { forgetOfferedProviders } from '../api/social';
import { failure, SSO, useFlowFakes } from '../test-support/flow-fakes';
import SocialRow from './sign-in-options';

const view = useReactRoot();
const flow = useFlowFakes();
afterEach(() => forgetOfferedProviders());

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

async function show(went: string[] = []) {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const services = {
    i18n,
    http: flow.server.http,
    config: { ssoApi: SSO, ssoApiV2: `${SSO}/v2`, product: 'kirish' },
    showError: flow.deps.showError,
  } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <SocialRow go={(url) => void went.push(url)} />
      </ServicesContext.Provider>,
    ),
  );
  await settle();
}

const buttons = () => [...view.host.querySelectorAll('button')];

describe('the providers’ row under the sign-in card', () => {
  it('renders nothing while the server offers no provider: no divider, no space kept', async () => {
    flow.server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: [] });
    await show();
    expect(view.host.innerHTML).toBe('');
  });

  it('shows the offered providers behind an "or" divider, each named "Continue with …", asked once for the page', async () => {
    flow.server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: ['google', 'telegram', 'twitter'] });
    await show();
    const nav = view.host.querySelector('nav');
    expect(nav?.getAttribute('aria-label')).toBe(en.sign_in_providers);
    expect(view.host.querySelector('.or')?.textContent).toBe(en.or);
    expect(buttons().map((button) => button.textContent)).toEqual([
      'Continue with Google',
      'Continue with Telegram',
      'Continue with X',
    ]);
    expect(view.host.querySelectorAll('svg.provider-mark[aria-hidden="true"]')).toHaveLength(3);

    // Register after Login (the row mounts again): the answer is the page's, not asked again.
    await act(async () => view.root.render(null));
    await show();
    expect(buttons()).toHaveLength(3);
    expect(flow.server.calls.filter((call) => call.url.endsWith('/providers/'))).toHaveLength(1);
  });

  it('starts the provider’s flow on a press and goes to its address, the button busy meanwhile', async () => {
    flow.server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: ['google'] });
    flow.server.answer('post', `${SSO}/SocialAuth/Google/Login/`, { url: 'http://127.0.0.1:8082/google/auth?s=1' });
    const went: string[] = [];
    await show(went);
    act(() => buttons()[0]?.click());
    expect(buttons()[0]?.getAttribute('aria-busy')).toBe('true');
    await settle();
    expect(flow.server.calls.at(-1)).toMatchObject({ method: 'post', body: {} });
    expect(went).toEqual(['http://127.0.0.1:8082/google/auth?s=1']);
  });

  it('says a refused start in a toast and keeps the focus on the button, ready again', async () => {
    flow.server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: ['apple'] });
    flow.server.fail('post', `${SSO}/SocialAuth/Apple/Login/`, failure(503, 'social_login_failed'));
    await show();
    const button = buttons()[0];
    button?.focus();
    act(() => button?.click());
    await settle();
    expect(flow.toasts).toEqual(['social_login_failed']);
    expect(document.activeElement).toBe(button);
    expect(button?.hasAttribute('aria-busy')).toBe(false);
  });
});

describe('back from the provider’s page', () => {
  it('makes the button ready again when the browser shows the page from its back-forward cache', async () => {
    flow.server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: ['vk'] });
    flow.server.answer('post', `${SSO}/SocialAuth/Vk/Login/`, { url: 'http://127.0.0.1:8082/vk/authorize' });
    await show();
    act(() => buttons()[0]?.click());
    await settle();
    expect(buttons()[0]?.getAttribute('aria-busy')).toBe('true');
    act(() => void dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true })));
    expect(buttons()[0]?.hasAttribute('aria-busy')).toBe(false);
  });
});
