/**
 * Issue 36, "accounts made through a provider are accounts like any other", in Chromium against the built
 * server and its stand-in: an account X made (no e-mail; its phone confirmed by a `social_login` code) in
 * the account menu and Login's account chooser (its name, initials and masked phone; switching to it and
 * back), and on the sessions page (the sign-in named by its provider). And the providers' row at 375 px in
 * Russian: every button inside the page and named, then a new account's phone step, the integration step
 * and Home, with screenshots of each.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SOCIAL_PROVIDERS } from '../../server/src/contract/social.js';
import { maskPhone } from '../../server/src/lib/contacts.js';
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import { sessionRows } from '../support/account-pages.js';
import { axeViolations } from '../support/axe.js';
import { newPageFor, saveScreenshot } from '../support/browser.js';
import {
  addAccountFromMenu,
  codeBox,
  expectHome,
  national,
  openAccountMenu,
  registerByPhone,
  text,
  waitForHeading,
} from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';
import {
  accountsNamed,
  continueAs,
  continueAsPreset,
  continueWithProvider,
  PROVIDER_NAMES,
  waitForStandin,
} from '../support/standin.js';

const kirish = useRunningKirish();

/** Home's confirmation of a new account's phone (docs/product.md §4), in the page's language. */
async function confirmPhone(
  page: Page,
  phone: string,
  say: (key: string, params?: Record<string, string>) => string = text,
): Promise<void> {
  await page.getByLabel(say('phone_label'), { exact: true }).fill(national(phone));
  await page.getByRole('button', { name: say('get_code_sms'), exact: true }).click();
  await codeBox(page, say).fill(await latestCode(kirish.server.origin, phone));
}

/** The Russian catalogue's sentence, its `{{name}}` placeholders filled. */
function russian(key: string, params: Record<string, string> = {}): string {
  const sentence = (ru as Record<string, string>)[key];
  if (sentence === undefined) throw new Error(`no Russian sentence for ${key}`);
  return sentence.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? '');
}

describe('an account made through a provider, among the accounts of this browser', () => {
  it('is in the account menu and the chooser with its name, initials and masked phone, switches, and its session names X', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    const phoneAccount = { phone: '+998935571001', firstName: 'Gulnora', lastName: 'Rahimova' };
    await registerByPhone(page, kirish.server.origin, { ...phoneAccount, password: 'Chorvoq-suvi-2026' });
    await expectHome(page, phoneAccount.firstName);

    // A second account, made through X (no e-mail): its phone first, then Home.
    await addAccountFromMenu(page);
    await page.getByRole('button', { name: text('use_another_account'), exact: true }).click();
    await waitForHeading(page, text('login_title'));
    await continueWithProvider(page, 'twitter');
    await continueAs(page, { firstName: 'Shahzod', lastName: 'Ergashev', username: 'shahzod_x', subject: 'shahzod-x' });
    await waitForHeading(page, text('confirm_phone_title'));
    const xPhone = '+998935571002';
    await confirmPhone(page, xPhone);
    await expectHome(page, 'Shahzod');
    const [made] = accountsNamed(kirish.databasePath, 'Shahzod');
    expect(made).toMatchObject({ registration_kind: 0, phone: xPhone });

    // The sessions page: this sign-in came through X.
    await page.goto(`${kirish.server.origin}/security/active-sessions/`);
    await waitForHeading(page, text('sessions_title'));
    const thisDevice = sessionRows(page).first();
    expect(await thisDevice.innerText()).toContain(text('sessions_signed_in_with', { provider: 'X' }));
    expect(await thisDevice.innerText()).toContain(text('sessions_this_device'));

    // The account menu lists the other account; switching to it and back to X's (a switch keeps the page: Home).
    await page.goto(`${kirish.server.origin}/`);
    await expectHome(page, 'Shahzod');
    const menuAccount = (name: string) =>
      page.locator('.account-menu-panel button.account-menu-account', { hasText: name });
    await openAccountMenu(page);
    expect((await menuAccount('Gulnora Rahimova').innerText()).split('\n')).toEqual([
      'GR',
      'Gulnora Rahimova',
      maskPhone(phoneAccount.phone),
    ]);
    await menuAccount('Gulnora Rahimova').click();
    await expectHome(page, phoneAccount.firstName);
    await openAccountMenu(page);
    // X's account: its initials (it has no photo), the name X gave, and the phone it confirmed, masked.
    expect((await menuAccount('Shahzod Ergashev').innerText()).split('\n')).toEqual([
      'SE',
      'Shahzod Ergashev',
      maskPhone(xPhone),
    ]);
    await menuAccount('Shahzod Ergashev').click();
    await expectHome(page, 'Shahzod');

    // Login's account chooser: both, X's marked as the one signed in; switching from it works too.
    await addAccountFromMenu(page);
    await waitForHeading(page, text('choose_account'));
    const chooserAccount = (name: string) => page.locator('.account-list button.account', { hasText: name });
    await chooserAccount('Gulnora Rahimova').waitFor();
    expect(await chooserAccount('Shahzod Ergashev').getAttribute('aria-current')).toBe('true');
    expect(await chooserAccount('Shahzod Ergashev').locator('.account-contact').innerText()).toBe(maskPhone(xPhone));
    expect(await chooserAccount('Shahzod Ergashev').locator('.avatar').innerText()).toBe('SE');
    await saveScreenshot(page, 'social-accounts-chooser-1280');
    await chooserAccount('Gulnora Rahimova').click();
    await expectHome(page, phoneAccount.firstName);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});

describe('the providers at 375 px in Russian', () => {
  it('fits every button of the row in the page, names each, and runs a new account through its phone to Home', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'ru-RU' });
    const fits = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, russian('login_title'));
    const row = page.getByRole('navigation', { name: russian('sign_in_providers') });
    const buttons = row.getByRole('button');
    const named = (provider: string) =>
      row.getByRole('button', { name: russian('social_continue_with', { provider }), exact: true });
    const pressProvider = (provider: string) => named(provider).click();
    await buttons.nth(SOCIAL_PROVIDERS.length - 1).waitFor();
    expect(await buttons.count()).toBe(SOCIAL_PROVIDERS.length);
    for (const [index, provider] of SOCIAL_PROVIDERS.entries()) {
      const button = buttons.nth(index);
      // Named for a screen reader by its words, in the page's language, whatever its mark shows.
      expect(await button.getAttribute('aria-disabled')).toBeNull();
      expect(await named(PROVIDER_NAMES[provider]).count(), provider).toBe(1);
      // …and that name is the button at this place in the row: its own words, not only a label put on it.
      expect(await button.locator(':scope > span:last-child').innerText(), provider).toBe(
        russian('social_continue_with', { provider: PROVIDER_NAMES[provider] }),
      );
      const box = await button.boundingBox();
      expect(box, provider).not.toBeNull();
      expect(box!.x, provider).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, provider).toBeLessThanOrEqual(375);
    }
    await fits();
    const loginShot = await saveScreenshot(page, 'social-login-375-ru');

    // An identity with the demo account's e-mail and phone: the integration step, nothing linked.
    await pressProvider('Google');
    await waitForStandin(page, 'google');
    await continueAsPreset(page, 'Aziza Karimova');
    await waitForHeading(page, russian('integration_title', { provider: 'Google' }));
    await fits();
    const integrationShot = await saveScreenshot(page, 'social-integration-375-ru');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: russian('cancel'), exact: true }).click();
    await waitForHeading(page, russian('login_title'));

    // A new person through Telegram: the phone step, then Home.
    await pressProvider('Telegram');
    await waitForStandin(page, 'telegram');
    await continueAs(page, { firstName: 'Ravshan', lastName: 'Qodirov', username: 'ravshan_q', subject: 'ravshan-tg' });
    await waitForHeading(page, russian('confirm_phone_title'));
    await fits();
    const phoneShot = await saveScreenshot(page, 'social-confirm-phone-375-ru');
    expect(await axeViolations(page)).toEqual([]);
    await confirmPhone(page, '+998935571003', russian);
    await waitForHeading(page, russian('home_greeting', { name: 'Ravshan' }));
    await fits();
    expect(accountsNamed(kirish.databasePath, 'Ravshan')).toEqual([
      expect.objectContaining({ registration_kind: 0, phone: '+998935571003' }),
    ]);
    expect([loginShot, integrationShot, phoneShot]).toHaveLength(3);
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
