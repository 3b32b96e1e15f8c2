import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

type OnSignedIn = (response: null, save: boolean) => Promise<void>;
const signIns: { pair: unknown; save: boolean }[] = [];
afterEach(() => {
  signIns.length = 0;
  vi.restoreAllMocks();
});

async function show(went: string[] = [], onSignedIn?: OnSignedIn) {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const services = {
    i18n,
    http: flow.server.http,
    config: { ssoApi: SSO, ssoApiV2: `${SSO}/v2`, product: 'kirish' },
    showError: flow.deps.showError,
    session: {
      signIn: (pair: unknown, save: boolean) => {
        signIns.push({ pair, save });
        return Promise.resolve();
      },
    },
  } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <SocialRow go={(url) => void went.push(url)} onSignedIn={onSignedIn} />
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

describe('inside a partner’s widget frame (docs/partners.md)', () => {
  const PAIR = { access: 'a-1', refresh: 'r-1', user_uuid: 'u-1' };

  it('opens the provider in a Kirish window within the press, and goes on with the session that window hands back', async () => {
    flow.server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: ['google'] });
    const popup = {} as Window;
    const open = vi.spyOn(window, 'open').mockReturnValue(popup);
    const onSignedIn = vi.fn<OnSignedIn>(() => Promise.resolve());
    const went: string[] = [];
    await show(went, onSignedIn);
    act(() => buttons()[0]?.click());
    // No call from the frame and no navigation of it: the window starts the flow at Kirish's origin.
    expect(open.mock.calls[0]?.[0]).toBe(`${location.origin}/oauth/google?start=popup`);
    expect(flow.server.calls.filter((call) => call.method === 'post')).toEqual([]);
    expect(went).toEqual([]);

    const hand = (data: unknown, source: unknown = popup) =>
      dispatchEvent(
        Object.assign(new MessageEvent('message', { data, origin: location.origin }), { source }) as MessageEvent,
      );
    hand({ source: 'kirish', type: 'social-signed-in', ...PAIR }, {});
    await settle();
    expect(onSignedIn).not.toHaveBeenCalled();
    hand({ source: 'kirish', type: 'social-signed-in', ...PAIR });
    await settle();
    expect(signIns).toEqual([{ pair: PAIR, save: true }]);
    expect(onSignedIn.mock.calls).toEqual([[null, true]]);
  });

  it('says so when the browser blocked the window, and the next press opens it', async () => {
    flow.server.answer('get', `${SSO}/SocialAuth/providers/`, { providers: ['telegram'] });
    const open = vi
      .spyOn(window, 'open')
      .mockReturnValueOnce(null)
      .mockReturnValueOnce({} as Window);
    await show([], () => Promise.resolve());
    act(() => buttons()[0]?.click());
    expect(view.host.querySelector('[role="alert"]')?.textContent).toBe(en.embed_popup_refused);
    act(() => buttons()[0]?.click());
    expect(open).toHaveBeenCalledTimes(2);
    expect(view.host.querySelector('[role="alert"]')).toBeNull();
  });
});
