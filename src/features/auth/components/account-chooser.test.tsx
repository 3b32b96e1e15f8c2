import { act } from 'react';
import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { useReactRoot } from '../../../lib/testing/react-root';
import { ServicesContext, type Services } from '../../../lib/services';
import type { DeviceProfile, UserProfile } from '../../../lib/session';
import { createSignInModel } from '../models/sign-in-model';
import { deviceProfile, fakeSession, SSO, useFlowFakes } from '../test-support/flow-fakes';
import { AccountChooser } from './account-chooser';
import { userProfile } from '../../../lib/testing/user-profile';

const flow = useFlowFakes();
const view = useReactRoot();

const leaving: UserProfile = userProfile('u-1', { first: 'Dilnoza', last: 'Yusupova' }, { phone: '+998901112233' });

async function render(
  signedOut: UserProfile | null,
  signedIn: UserProfile | null = null,
  other: Partial<DeviceProfile> = {},
) {
  const remaining = {
    ...deviceProfile('u-2'),
    first_name: 'Aziz',
    last_name: 'Karimov',
    photo: 'https://kirish.uz/cdn/200x/avatars/a.webp',
    ...other,
  };
  const active = { ...deviceProfile('u-1'), first_name: 'Dilnoza', last_name: 'Yusupova', photo: null };
  const { session } = fakeSession(signedIn ? [active, remaining] : [remaining], undefined, signedOut);
  (session.user as { value: UserProfile | null }).value = signedIn;
  const stored: Record<string, string> = { 'u-2': 'refresh-u2' };
  session.saved = (uuid) => stored[uuid] ?? null;
  session.forgetSaved = (uuid) => {
    delete stored[uuid];
    (session.activeProfiles as { value: unknown[] }).value = session.activeProfiles.value.filter(
      (profile) => profile.uuid !== uuid,
    );
  };
  const model = createSignInModel({ ...flow.deps, session, onSignedIn: () => Promise.resolve() });
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider
        value={{ i18n, session, http: flow.server.http, config: { ssoApi: SSO } } as unknown as Services}
      >
        <AccountChooser model={model} />
      </ServicesContext.Provider>,
    ),
  );
  return model;
}

describe('Login after signing one account out (docs/product.md §3 login step logout)', () => {
  it('says who was signed out, and offers the remaining accounts or another sign-in', async () => {
    const model = await render(leaving);

    expect(model.step.value).toBe('logout');
    const heading = view.host.querySelector('h1');
    expect(heading?.textContent).toBe('You signed out of Dilnoza Yusupova');
    expect(document.activeElement).toBe(heading);
    expect(view.host.textContent).toContain(en.signed_out_choose);
    const accounts = [...view.host.querySelectorAll('button.account .account-name')].map((name) => name.textContent);
    expect(accounts).toEqual(['Aziz Karimov']);
    expect(view.host.querySelector('button:not(.account):not(.account-forget)')?.textContent).toBe(
      en.use_another_account,
    );
  });

  it('goes to a new sign-in from there', async () => {
    const model = await render(leaving);
    const another = [...view.host.querySelectorAll('button')].find(
      (button) => button.textContent === en.use_another_account,
    );
    act(() => another?.click());
    expect(model.step.value).toBe('login');
  });

  it('only asks to choose when nobody was signed out just now', async () => {
    await render(null);
    expect(view.host.querySelector('h1')?.textContent).toBe(en.choose_account);
    expect(view.host.textContent).not.toContain(en.signed_out_choose);
    expect(document.activeElement).toBe(document.body);
  });
});

const named = (text: string) => [...view.host.querySelectorAll('button')].find((button) => button.textContent === text);

describe('the chooser while signed in (issue 12)', () => {
  it('shows photos, marks the account signed in here, and offers to forget only the others', async () => {
    await render(null, leaving);
    const rows = [...view.host.querySelectorAll('button.account')];
    expect(rows.map((row) => row.querySelector('.account-name')?.textContent)).toEqual([
      'Dilnoza Yusupova',
      'Aziz Karimov',
    ]);
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual(['true', null]);
    expect(rows[0]?.textContent).toContain(en.account_signed_in);
    expect(rows[1]?.querySelector('img')?.getAttribute('src')).toBe('https://kirish.uz/cdn/200x/avatars/a.webp');
    expect(rows[0]?.querySelector('img')).toBeNull();
    const forget = [...view.host.querySelectorAll('button.account-forget')];
    expect(forget.map((button) => [button.textContent, button.getAttribute('title')])).toEqual([
      [en.forget_account, 'Forget Aziz Karimov on this device'],
    ]);
  });

  it('says an account a provider made has no phone yet, rather than leaving its contact line blank', async () => {
    await render(null, leaving, { first_name: 'Shahzod', last_name: 'Ergashev', photo: null, phone: null });
    const other = [...view.host.querySelectorAll('button.account')][1];
    expect(other?.querySelector('.account-name')?.textContent).toBe('Shahzod Ergashev');
    expect(other?.querySelector('.avatar')?.textContent).toBe('SE');
    expect(other?.querySelector('.account-contact')?.textContent).toBe(en.account_no_contact);
  });

  it('forgets an account only once confirmed, ending its session on the server', async () => {
    await render(null, leaving);
    act(() => (view.host.querySelector('button.account-forget') as HTMLButtonElement).click());
    expect(view.host.textContent).toContain('Forget Aziz Karimov on this device?');
    expect(document.activeElement?.textContent).toBe(en.cancel);
    act(() => named(en.cancel)?.click());
    expect(view.host.querySelectorAll('button.account')).toHaveLength(2);
    expect(flow.server.calls).toEqual([]);

    act(() => (view.host.querySelector('button.account-forget') as HTMLButtonElement).click());
    flow.server.answer('delete', `${SSO}/user/LogoutUser/`, null);
    flow.server.http.refreshWith = (refresh) => Promise.resolve({ access: `access-for-${refresh}`, refresh: 'next' });
    await act(async () => named(en.forget_account)?.click());

    expect(flow.server.calls).toMatchObject([
      { method: 'delete', url: `${SSO}/user/LogoutUser/`, headers: { Authorization: 'Bearer access-for-refresh-u2' } },
    ]);
    expect([...view.host.querySelectorAll('button.account .account-name')].map((name) => name.textContent)).toEqual([
      'Dilnoza Yusupova',
    ]);
  });
});
