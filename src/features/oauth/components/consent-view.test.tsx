import { signal } from '@preact/signals-react';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { useReactRoot } from '../../../lib/testing/react-root';
import en from '../../../../server/src/locales/en.json' with { type: 'json' };
import { createI18n } from '../../../lib/i18n';
import { ServicesContext, type Services } from '../../../lib/services';
import type { UserProfile } from '../../../lib/session';
import { userProfile } from '../../../lib/testing/user-profile';
import type { AppInfo } from '../api/types';
import type { ConsentModel } from '../models/consent-model';
import { ConsentView } from './consent-view';

const view = useReactRoot();

const SHOP: AppInfo = {
  client_id: 'shop',
  name: 'Bozor',
  logo_url: null,
  home_page: 'https://bozor.example/',
  privacy_policy_url: null,
  terms_url: null,
  first_party: false,
  scopes: [],
};

async function show(user: UserProfile, client: AppInfo = SHOP) {
  const i18n = createI18n(() => Promise.resolve(en));
  await i18n.setLocale('en');
  const model = {
    client: signal(client),
    scopes: signal(['openid', 'profile', 'phone', 'email']),
    busy: signal(false),
    destination: 'https://shop.bozor.uz',
  } as unknown as ConsentModel;
  await act(async () =>
    view.root.render(
      <ServicesContext.Provider
        value={{ i18n, session: { user: signal(user) }, config: { imageCdn: '/cdn' } } as unknown as Services}
      >
        <ConsentView model={model} onSwitchAccount={() => undefined} />
      </ServicesContext.Provider>,
    ),
  );
}

const lines = () => [...view.host.querySelectorAll('.consent-scopes li')].map((line) => line.textContent);

describe('the consent screen', () => {
  it('does not ask an account without an e-mail address to share one', async () => {
    await show(userProfile('u-1', { first: 'Aziz', last: 'Karimov' }, { phone: '+998901112233', email: null }));
    expect(lines()).toEqual([en.scope_openid, en.scope_profile, en.scope_phone]);
  });

  it('does not ask an account without a phone number to share one', async () => {
    await show(userProfile('u-1', { first: 'Aziz', last: 'Karimov' }, { phone: null, email: 'aziz@example.uz' }));
    expect(lines()).toEqual([en.scope_openid, en.scope_profile, en.scope_email]);
  });

  it("shows an app without a logo by its letter on the neutral placeholder, never Kirish's mark", async () => {
    await show(userProfile('u-1', { first: 'Aziz', last: 'Karimov' }));
    expect(view.host.querySelector('.consent-app .app-logo-letter')?.textContent).toBe('B');
    expect(view.host.querySelector('.consent-app svg')).toBeNull();
  });

  it('shows beside the name the registered origin the answer goes to, not the home page the app declares', async () => {
    await show(userProfile('u-1', { first: 'Aziz', last: 'Karimov' }));
    expect(view.host.querySelector('.consent-app .consent-origin')?.textContent).toBe('https://shop.bozor.uz');
    expect(view.host.querySelector('.consent-app')?.textContent).not.toContain('bozor.example');
  });

  it("shows the app's own logo when it has one", async () => {
    await show(userProfile('u-1', { first: 'Aziz', last: 'Karimov' }), { ...SHOP, logo_url: '/cdn/apps/bozor.webp' });
    expect(view.host.querySelector('.consent-app img')?.getAttribute('src')).toBe('/cdn/apps/bozor.webp');
  });

  it("shows the account's photo, not only its initials", async () => {
    const user = userProfile('u-1', { first: 'Aziz', last: 'Karimov' });
    await show({ ...user, profile: { ...user.profile, photo: 'photos/aziz.webp' } });
    expect(view.host.querySelector('.consent-account img.avatar-photo')?.getAttribute('src')).toBe(
      '/cdn/100x/photos/aziz.webp',
    );
  });

  it("links the app's registered privacy policy and terms, opening apart from the consent", async () => {
    await show(userProfile('u-1', { first: 'Aziz', last: 'Karimov' }), {
      ...SHOP,
      privacy_policy_url: 'https://bozor.example/privacy',
      terms_url: 'https://bozor.example/terms',
    });
    const legal = view.host.querySelector('.consent-legal');
    expect(legal?.textContent).toContain(en.consent_app_legal.replace('{{app}}', 'Bozor'));
    const links = [...(legal?.querySelectorAll('a') ?? [])].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      [en.legal_privacy, 'https://bozor.example/privacy'],
      [en.legal_terms, 'https://bozor.example/terms'],
    ]);
    expect(legal?.querySelector('a')?.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('says nothing of a policy an app (seeded without one) did not register', async () => {
    await show(userProfile('u-1', { first: 'Aziz', last: 'Karimov' }));
    expect(view.host.querySelector('.consent-legal')).toBeNull();
  });
});
