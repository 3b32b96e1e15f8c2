/** /oauth/{provider} as a page: it reads its own address, says it is working, and carries the answer on. */
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { useReactRoot } from '../../../lib/testing/react-root';
import { SSO, useFlowFakes } from '../test-support/flow-fakes';
import MidOauthScreen from './mid-oauth-screen';

const view = useReactRoot();
const flow = useFlowFakes();
afterEach(() => history.replaceState(null, '', '/'));

async function open(address: string) {
  history.replaceState(null, '', address);
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const shown: string[] = [];
  const went: string[] = [];
  const services = {
    i18n,
    http: flow.server.http,
    showError: flow.deps.showError,
    toasts: { show: (type: string, text: string) => void shown.push(`${type}: ${text}`) },
    navigate: (to: string) => void went.push(to),
    session: {
      signIn: () => Promise.resolve({ id: 'u-new', phone: null, is_inactivated: false }),
      refreshToken: () => 'r-1',
    },
    config: { ssoApi: SSO, ssoApiV2: `${SSO}/v2`, product: 'kirish', ownDomain: 'localhost', returnPathPorts: [] },
  } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <MidOauthScreen />
      </ServicesContext.Provider>,
    ),
  );
  return { shown, went };
}

describe('the social callback page', () => {
  it('shows a quiet "Signing you in…" status while the provider’s answer is carried on', async () => {
    let answer!: (value: unknown) => void;
    flow.server.answer('post', `${SSO}/SocialAuth/VkLogin/`, new Promise((resolve) => (answer = resolve)));
    await open('/oauth/vk?code=c-1&state=st');

    expect(view.host.querySelector('[role="status"]')?.textContent).toBe(en.social_signing_in);
    expect(flow.server.calls.map((call) => [call.url, call.body])).toEqual([
      [`${SSO}/SocialAuth/VkLogin/`, { code: 'c-1', state: 'st' }],
    ]);
    answer({ linked: 'vk' });
  });

  it('reads the provider and the rest of the path from its address (telegram)', async () => {
    flow.server.answer('get', `${SSO}/SocialAuth/TelegramLogin/extra?id=1&hash=h&state=st`, { linked: 'telegram' });
    const { shown, went } = await open('/oauth/telegram/extra?id=1&hash=h&state=st');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));

    expect(shown).toEqual(['success: Telegram is now linked to your account.']);
    expect(went).toEqual(['/security/login-methods/']);
  });

  it('leaves the provider’s code and state behind: a new account goes to Home’s phone confirmation with only its id', async () => {
    flow.server.answer('post', `${SSO}/SocialAuth/VkLogin/`, {
      access: 'a',
      refresh: 'r-1',
      user_uuid: 'u-new',
      has_phone: false,
      session: 's',
    });
    const { went } = await open('/oauth/vk?code=c-1&state=st');

    // finish-sign-in.ts is a chunk of its own: the page waits for it to load.
    await expect.poll(() => went).toEqual(['/?user_uuid=u-new&confirmType=phone']);
  });
});
