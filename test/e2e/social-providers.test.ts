/**
 * Issue 36, every provider end to end in Chromium over the built server and its stand-in identity
 * provider (docs/social-sign-in.md), clicked through as a person would: Login → "Continue with …" → the
 * stand-in's page → a new identity → a new account of registration kind 0 → Home asks for a phone → the
 * `social_login` code from the dev outbox → Home; signed out, the same identity again signs the same
 * account in, with no phone asked.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../server/src/contract/social.js';
import { bothWidths } from '../support/account-pages.js';
import { axeViolations } from '../support/axe.js';
import { newPageFor } from '../support/browser.js';
import { codeBox, expectHome, national, signOutFromMenu, text, waitForHeading } from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';
import {
  accountsNamed,
  cancelStandin,
  continueAs,
  continueWithProvider,
  linkedProviders,
  PROVIDER_NAMES,
  type TypedIdentity,
} from '../support/standin.js';

const kirish = useRunningKirish();

/** A person no account knows yet, new at each provider (first names are unique across the file). */
function newcomer(provider: SocialProvider, index: number): TypedIdentity {
  const firstName = `Nodira${String.fromCharCode(97 + index)}`;
  return {
    firstName,
    lastName: 'Usmonova',
    // X gives no e-mail; the others get a verified one of their own.
    email: provider === 'twitter' ? undefined : `nodira.${provider}@example.com`,
    pinfl: provider === 'oneid' ? `4120395027${String(index).padStart(4, '0')}` : undefined,
    birthDate: provider === 'oneid' ? '1996-04-21' : undefined,
    username: provider === 'telegram' || provider === 'twitter' ? `nodira_${provider}` : undefined,
    subject: `nodira-${provider}`,
  };
}

async function signInThroughProvider(page: Page, provider: SocialProvider, identity: TypedIdentity): Promise<void> {
  await page.goto(`${kirish.server.origin}/login`);
  await waitForHeading(page, text('login_title'));
  await continueWithProvider(page, provider);
  await continueAs(page, identity);
}

describe('each provider end to end through the stand-in', () => {
  it.each(SOCIAL_PROVIDERS.map((provider, index) => [provider, index] as const))(
    '%s: a new identity makes an account of kind 0, adds its phone by a code, and signs the same account in again',
    async (provider, index) => {
      const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
      const identity = newcomer(provider, index);
      const phone = `+99890777${String(index).padStart(4, '0')}`;

      await signInThroughProvider(page, provider, identity);
      await waitForHeading(page, text('confirm_phone_title'));
      const [account] = accountsNamed(kirish.databasePath, identity.firstName);
      expect(account).toMatchObject({ registration_kind: 0, phone: null });
      expect(linkedProviders(kirish.databasePath, account!.id)).toEqual([provider]);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel(text('phone_label'), { exact: true }).fill(national(phone));
      await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
      await codeBox(page).fill(await latestCode(kirish.server.origin, phone));
      await expectHome(page, identity.firstName);
      expect(new URL(page.url()).search).toBe('');
      expect(accountsNamed(kirish.databasePath, identity.firstName)).toEqual([{ ...account, phone }]);

      await signOutFromMenu(page);
      await signInThroughProvider(page, provider, identity);
      await expectHome(page, identity.firstName);
      expect(new URL(page.url()).search).toBe('');
      expect(accountsNamed(kirish.databasePath, identity.firstName)).toEqual([{ ...account, phone }]);
      expect(errors).toEqual([]);
      await context.close();
    },
    60_000,
  );

  it('shows the row of all eight and the phone confirmation at 1280 and 375 px without overflow', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    const row = page.getByRole('navigation', { name: text('sign_in_providers') });
    await row.getByRole('button').first().waitFor();
    // Each named for its provider (the marks, some of them letters, are hidden from the name).
    expect(await row.getByRole('button').count()).toBe(SOCIAL_PROVIDERS.length);
    for (const provider of SOCIAL_PROVIDERS) {
      const name = text('social_continue_with', { provider: PROVIDER_NAMES[provider] });
      expect(await row.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    await bothWidths(page, 'social-login-row');
    await continueWithProvider(page, 'yandex');
    await continueAs(page, { firstName: 'Malika', lastName: 'Tosheva', subject: 'malika-yandex' });
    await waitForHeading(page, text('confirm_phone_title'));
    await bothWidths(page, 'social-confirm-phone');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each(SOCIAL_PROVIDERS)('%s: Cancel on the provider’s page comes back to Login saying so', async (provider) => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await continueWithProvider(page, provider);
    await cancelStandin(page);
    await waitForHeading(page, text('login_title'));
    await page.getByText(text('social_cancelled', { provider: PROVIDER_NAMES[provider] }), { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
