/**
 * The account menu of the top bar (issue 35): a disclosure button, the items and their keys, a switch in this
 * tab only, an ended account leading to its sign-in, Sign out of all asked first. Over the sessions of
 * lib/testing/tabs-server.ts, so that what the server ends is seen.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import en from '../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../lib/i18n';
import { ServicesContext, type Services } from '../../lib/services';
import { clearCookies } from '../../lib/testing/session-server';
import { SSO, tabsServer } from '../../lib/testing/tabs-server';
import { useReactRoot } from '../../lib/testing/react-root';
import AccountMenu from './account-menu';

const view = useReactRoot();
const ACCOUNT_A = '111';
const ACCOUNT_B = '222';

beforeEach(() => {
  localStorage.clear();
  clearCookies();
});

/** A tab signed in to B, then A (both saved): the menu shows A, with B among the others. */
async function menu() {
  const server = tabsServer();
  const tab = server.tab();
  await tab.session.signIn(server.signIn(ACCOUNT_B), true);
  await tab.session.signIn(server.signIn(ACCOUNT_A), true);
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const navigate = vi.fn<Services['navigate']>();
  const showError = vi.fn<Services['showError']>(() => null);
  const services = {
    i18n,
    http: tab.http,
    session: tab.session,
    config: { ssoApi: SSO, imageCdn: '/cdn' },
    navigate,
    showError,
  } as unknown as Services;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={services}>
        <AccountMenu />
      </ServicesContext.Provider>,
    ),
  );
  const button = view.host.querySelector('button') as HTMLButtonElement;
  return { server, tab, navigate, showError, button };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
const press = (key: string) =>
  act(() => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }));
  });
const focused = () => (document.activeElement as HTMLElement | null)?.textContent;
const items = () => [...view.host.querySelectorAll<HTMLElement>('[data-menu-item]')].map((item) => item.textContent);
const click = (element: Element | null | undefined) => act(() => (element as HTMLElement).click());
const itemNamed = (text: string) =>
  [...view.host.querySelectorAll<HTMLElement>('[data-menu-item]')].find((item) => item.textContent?.includes(text));

/** The button's name as a screen reader gets it: its words, the decorative avatar left out. */
const nameOf = (button: HTMLElement) =>
  [...button.querySelectorAll(':scope > :not([aria-hidden="true"])')].map((part) => part.textContent).join('');

describe('the account menu (issue 35)', () => {
  it('is a disclosure button naming the account; open, it lists the account, the others and the actions', async () => {
    const { button } = await menu();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nameOf(button)).toBe('Account menu: First 111 Last 111');
    expect(view.host.querySelector('.account-menu-panel')).toBeNull();

    await click(button);
    await settle();

    expect(button.getAttribute('aria-expanded')).toBe('true');
    const panel = view.host.querySelector('.account-menu-panel');
    expect(button.getAttribute('aria-controls')).toBe(panel?.id);
    expect(panel?.querySelector('.account-menu-current')?.textContent).toBe(
      'FLFirst 111 Last 111+998 90 *** ** 11Manage your account',
    );
    expect(items()).toEqual([
      'Manage your account',
      'FLFirst 222 Last 222+99890 *** ** 22',
      'Add another account',
      'Developers',
      'Sign out',
      'Sign out of all accounts',
    ]);
    expect(focused()).toBe('Manage your account');
  });

  it('moves between items with the arrow keys, Home and End, wrapping; ArrowDown on the button opens it', async () => {
    const { button } = await menu();
    act(() => button.focus());
    await press('ArrowDown');
    await settle();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(focused()).toBe('Manage your account');
    await press('ArrowDown');
    expect(focused()).toContain('First 222');
    await press('ArrowUp');
    await press('ArrowUp');
    expect(focused()).toBe('Sign out of all accounts');
    await press('Home');
    expect(focused()).toBe('Manage your account');
    await press('End');
    expect(focused()).toBe('Sign out of all accounts');
  });

  it('closes on Escape and gives the focus back to its button; closes on a press outside', async () => {
    const { button } = await menu();
    await click(button);
    await press('ArrowDown');
    await press('Escape');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await click(button);
    await act(() => {
      document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    });
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('switches this tab to another account in one tap, closes and hands the focus back', async () => {
    const { tab, button, navigate } = await menu();
    await click(button);
    await settle();
    await click(itemNamed('First 222'));
    await settle();
    expect(tab.session.user.value?.id).toBe(ACCOUNT_B);
    expect(tab.session.followed.value).toBe(1);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(nameOf(button)).toBe('Account menu: First 222 Last 222');
    expect(document.activeElement).toBe(button);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('says an account whose stored session ended is signed out, and leads to its sign-in', async () => {
    const { button, navigate } = await menu();
    localStorage.removeItem(`session_${ACCOUNT_B}`);
    await click(button);
    await settle();
    expect(itemNamed('First 222')?.textContent).toBe('FLFirst 222 Last 222Signed out');
    await click(itemNamed('First 222'));
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('asks before signing out of all, Cancel first; then every account of the device is signed out', async () => {
    const { server, tab, button, navigate } = await menu();
    await click(button);
    await settle();
    await click(itemNamed('Sign out of all accounts'));
    expect(view.host.querySelector('.account-menu-confirm')?.textContent).toContain(en.sign_out_all_question);
    expect(focused()).toBe('Cancel');
    await click(itemNamed('Cancel'));
    expect(view.host.querySelector('.account-menu-confirm')).toBeNull();
    expect(server.sessions.every((row) => row.live)).toBe(true);

    await click(itemNamed('Sign out of all accounts'));
    const confirm = view.host.querySelector('.account-menu-confirm .button-danger');
    await click(confirm);
    await settle();
    await settle();
    expect(server.sessions.map((row) => [row.account, row.end])).toEqual([
      [ACCOUNT_B, 'logout'],
      [ACCOUNT_A, 'logout'],
    ]);
    expect(Object.keys(localStorage).filter((key) => key.startsWith('session_'))).toEqual([]);
    expect(tab.session.hasToken()).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/login', { replace: true });
  });
});
