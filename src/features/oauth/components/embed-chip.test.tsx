import { signal } from '@preact/signals-react';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { useReactRoot } from '../../../lib/testing/react-root';
import { userProfile } from '../../../lib/testing/user-profile';
import EmbedChip from './embed-chip';

const view = useReactRoot();

const aziz = userProfile('u-1', { first: 'Aziz', last: 'Karimov' }, { phone: '+998901112233' });

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The chip, with the frame's messages to the partner's page recorded, and userinfo answering `claims`. */
async function show(user: UserProfile | null, token?: string | null, claims: object | null = {}) {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const posted: { type: string }[] = [];
  const userinfo = vi.fn<typeof fetch>(async () =>
    claims ? new Response(JSON.stringify({ sub: 's-1', ...claims })) : new Response('{}', { status: 401 }),
  );
  vi.stubGlobal('fetch', userinfo);
  const services = {
    i18n,
    config: { ssoApi: '/sso/api/v1' },
    session: { user: signal(user) },
    frame: { post: (message: { type: string }) => void posted.push(message) },
  } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <EmbedChip token={token} />
      </ServicesContext.Provider>,
    ),
  );
  return { posted, userinfo };
}

const chip = () => view.host.querySelector('section');
const status = () => view.host.querySelector('[role="status"]')?.textContent;
const buttons = () => [...view.host.querySelectorAll('button')].map((button) => button.textContent);

describe("the widget's compact chip after a sign-in", () => {
  it('names the frame’s own account, with its initials, as one labelled row that offers another account', async () => {
    const { posted, userinfo } = await show(aziz);

    expect(status()).toBe('Signed in as Aziz Karimov');
    expect(chip()?.getAttribute('aria-label')).toBe('Signed in as Aziz Karimov');
    expect(view.host.querySelector('.avatar')?.textContent).toBe('AK');
    expect(buttons()).toEqual(['Use another account']);
    // Nothing else of the form: no heading, no field, no "Continue as".
    expect(view.host.querySelectorAll('h1, input')).toHaveLength(0);
    expect(posted).toEqual([{ source: 'kirish', v: 1, type: 'compact' }]);
    expect(userinfo).not.toHaveBeenCalled();
  });

  it('shows the photo when the account has one', async () => {
    const withPhoto = { ...aziz, profile: { ...aziz.profile, photo: '/cdn/200x/p.webp' } };
    await show(withPhoto);

    expect(view.host.querySelector('img.avatar')?.getAttribute('src')).toBe('/cdn/200x/p.webp');
  });

  it('asks userinfo with the page’s token whom to name after a sign-in the frame did not see', async () => {
    const { userinfo, posted } = await show(null, 'partner-access', {
      given_name: 'Dilnoza',
      family_name: 'Rashidova',
    });

    await vi.waitFor(() => expect(status()).toBe('Signed in as Dilnoza Rashidova'));
    const [url, init] = userinfo.mock.calls[0] ?? [];
    expect(url).toBe('/sso/api/v1/oauth/userinfo/');
    expect(init?.headers).toEqual({ Authorization: 'Bearer partner-access' });
    expect(view.host.querySelector('.avatar')?.textContent).toBe('DR');
    expect(posted.map((message) => message.type)).toEqual(['compact']);
  });

  it('does not name the frame’s own session for a sign-in that came another way', async () => {
    await show(aziz, 'partner-access', { given_name: 'Dilnoza', family_name: 'Rashidova' });

    await vi.waitFor(() => expect(status()).toBe('Signed in as Dilnoza Rashidova'));
  });

  it('says only that the person is signed in while the token is awaited, without the profile scope, or when userinfo refuses', async () => {
    await show(null, null);
    expect(status()).toBe(en.embed_done);

    const withoutProfile = await show(null, 'partner-access', {});
    await vi.waitFor(() => expect(withoutProfile.userinfo).toHaveBeenCalled());
    expect(status()).toBe(en.embed_done);

    const refused = await show(null, 'partner-access', null);
    await vi.waitFor(() => expect(refused.userinfo).toHaveBeenCalled());
    expect(status()).toBe(en.embed_done);
    expect(buttons()).toEqual(['Use another account']);
  });

  it('asks the page for a new request on "Use another account", once', async () => {
    const { posted } = await show(aziz);

    await act(async () => view.host.querySelector('button')?.click());
    await act(async () => view.host.querySelector('button')?.click());

    expect(posted.map((message) => message.type)).toEqual(['compact', 'restart']);
    expect(view.host.querySelector('button')?.getAttribute('aria-busy')).toBe('true');
  });
});
