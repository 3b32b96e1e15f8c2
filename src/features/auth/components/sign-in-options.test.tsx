import { act } from 'react';
import { describe, expect, it } from 'vitest';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import { useReactRoot } from '../../../lib/testing/react-root';
import { SignInOptions, type SignInOption } from './sign-in-options';

const view = useReactRoot();

async function show(providers: readonly SignInOption[], qr?: SignInOption) {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider value={{ i18n } as unknown as Services}>
        <SignInOptions providers={providers} {...(qr ? { qr } : {})} />
      </ServicesContext.Provider>,
    ),
  );
}

const QR: SignInOption = { id: 'qr', label: 'QR code', href: '/login?step=qr', icon: 'qr' };

describe('the other ways in under the sign-in card', () => {
  it('renders nothing while the server offers no provider, not even the divider or QR', async () => {
    await show([], QR);
    expect(view.host.innerHTML).toBe('');
  });

  it('shows the providers, then QR, behind an "or" divider, as a named group of links', async () => {
    await show([{ id: 'google', label: 'Google', href: '/sso/api/v1/social/google/' }], QR);
    const nav = view.host.querySelector('nav');
    expect(nav?.getAttribute('aria-label')).toBe(en.sign_in_providers);
    expect(view.host.querySelector('.or')?.textContent).toBe(en.or);
    expect([...view.host.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Google', '/sso/api/v1/social/google/'],
      ['QR code', '/login?step=qr'],
    ]);
  });
});
