/**
 * Issue 36, the linked providers in Chromium over the built server and its stand-in (docs/social-sign-in.md):
 * the signed-in demo account links a provider from the login-methods page and unlinks it after the question; the
 * last way into an account is refused with its sentence; and an identity whose e-mail is the demo account's
 * is linked only once that account's password is given (the `integration` step), never silently.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { bothWidths } from '../support/account-pages.js';
import { signedInTab } from '../support/api-accounts.js';
import { axeViolations } from '../support/axe.js';
import { newPageFor } from '../support/browser.js';
import { codeBox, expectHome, national, text, waitForHeading } from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';
import {
  accountsNamed,
  continueAs,
  continueAsPreset,
  continueWithProvider,
  linkedProviders,
  waitForStandin,
} from '../support/standin.js';

const kirish = useRunningKirish();

async function openLoginMethods(page: Page): Promise<void> {
  await page.goto(`${kirish.server.origin}/security/login-methods/`);
  await waitForHeading(page, text('login_methods_title'));
  await page.getByRole('region', { name: text('login_methods_linked') }).waitFor();
}

/** How many messages the dev outbox holds for `to` (GET /dev/outbox). */
async function outboxSize(to: string): Promise<number> {
  const response = await fetch(`${kirish.server.origin}/dev/outbox?to=${encodeURIComponent(to)}`, {
    headers: { Accept: 'application/json' },
  });
  return ((await response.json()) as unknown[]).length;
}

const linkedList = (page: Page) => page.getByRole('region', { name: text('login_methods_linked') });

describe('linking providers to an account', () => {
  it('links Telegram to the demo account from the login methods, shows it, and unlinks it after the question', async () => {
    const { page, context, errors } = await signedInTab(kirish.browser, kirish.server.origin, DEMO_ACCOUNT);
    const [user] = accountsNamed(kirish.databasePath, DEMO_ACCOUNT.firstName);
    await openLoginMethods(page);

    await linkedList(page)
      .getByRole('button', { name: text('login_methods_link_named', { provider: 'Telegram' }) })
      .click();
    await waitForStandin(page, 'telegram');
    await continueAs(page, {
      firstName: DEMO_ACCOUNT.firstName,
      lastName: DEMO_ACCOUNT.lastName,
      username: 'aziza_demo',
      subject: 'aziza-demo-telegram',
    });
    await waitForHeading(page, text('login_methods_title'));
    await page.getByText(text('social_linked', { provider: 'Telegram' }), { exact: true }).waitFor();
    const unlink = linkedList(page).getByRole('button', {
      name: text('login_methods_unlink_named', { provider: 'Telegram' }),
    });
    await unlink.waitFor();
    const row = linkedList(page).locator('li', {
      has: page.getByRole('button', { name: text('login_methods_unlink_named', { provider: 'Telegram' }) }),
    });
    expect(await row.innerText()).toContain('@aziza_demo');
    expect(linkedProviders(kirish.databasePath, user!.id)).toEqual(['telegram']);
    await bothWidths(page, 'social-login-methods-linked');
    expect(await axeViolations(page)).toEqual([]);

    await unlink.click();
    await page.getByText(text('login_methods_unlink_confirm', { provider: 'Telegram' }), { exact: true }).waitFor();
    // The question alone changes nothing.
    expect(linkedProviders(kirish.databasePath, user!.id)).toEqual(['telegram']);
    await linkedList(page)
      .getByRole('button', { name: text('login_methods_unlink'), exact: true })
      .click();
    await page.getByText(text('login_methods_unlinked', { provider: 'Telegram' }), { exact: true }).waitFor();
    await linkedList(page)
      .getByRole('button', { name: text('login_methods_link_named', { provider: 'Telegram' }) })
      .waitFor();
    expect(linkedProviders(kirish.databasePath, user!.id)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('refuses to unlink the only way into an account made with X before its phone is added', async () => {
    // X gives no e-mail, and the account has no password and no phone yet: X is its one way in.
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await continueWithProvider(page, 'twitter');
    await continueAs(page, {
      firstName: 'Jahongir',
      lastName: 'Ergashev',
      username: 'jahongir_e',
      subject: 'jahongir-x',
    });
    await waitForHeading(page, text('confirm_phone_title'));
    const [user] = accountsNamed(kirish.databasePath, 'Jahongir');
    await openLoginMethods(page);

    await linkedList(page)
      .getByRole('button', { name: text('login_methods_unlink_named', { provider: 'X' }) })
      .click();
    await linkedList(page)
      .getByRole('button', { name: text('login_methods_unlink'), exact: true })
      .click();
    await page.getByText(text('last_sign_in_method'), { exact: true }).waitFor();
    await linkedList(page)
      .getByRole('button', { name: text('login_methods_unlink_named', { provider: 'X' }) })
      .waitFor();
    expect(linkedProviders(kirish.databasePath, user!.id)).toEqual(['twitter']);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('links an identity with the demo account’s e-mail only after that account’s password (the integration step)', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    const [demo] = accountsNamed(kirish.databasePath, DEMO_ACCOUNT.firstName);
    expect(linkedProviders(kirish.databasePath, demo!.id)).toEqual([]);
    await page.goto(`${kirish.server.origin}/login`);
    await continueWithProvider(page, 'google');
    await continueAsPreset(page, 'Aziza Karimova');
    await waitForHeading(page, text('integration_title', { provider: 'Google' }));
    await bothWidths(page, 'social-integration-step');
    expect(await axeViolations(page)).toEqual([]);

    // A wrong password proves nothing: no link, and the step stays.
    const password = page.getByLabel(text('password_label'), { exact: true });
    await password.fill('Not-the-demo-password-1');
    await page.getByRole('button', { name: text('integration_submit'), exact: true }).click();
    await page.getByRole('alert').first().waitFor();
    await waitForHeading(page, text('integration_title', { provider: 'Google' }));
    expect(linkedProviders(kirish.databasePath, demo!.id)).toEqual([]);

    await password.fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: text('integration_submit'), exact: true }).click();
    await expectHome(page, DEMO_ACCOUNT.firstName);
    expect(linkedProviders(kirish.databasePath, demo!.id)).toEqual(['google']);
    // No second account was made for the identity.
    expect(accountsNamed(kirish.databasePath, DEMO_ACCOUNT.firstName)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('links an identity with the demo account’s phone after a code to that phone instead of the password', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    const [demo] = accountsNamed(kirish.databasePath, DEMO_ACCOUNT.firstName);
    await page.goto(`${kirish.server.origin}/login`);
    await continueWithProvider(page, 'yandex');
    await continueAsPreset(page, 'Aziza Karimova');
    await waitForHeading(page, text('integration_title', { provider: 'Yandex' }));
    await page.getByRole('button', { name: text('integration_use_code'), exact: true }).click();
    // Yandex hands over Aziza's verified phone too, and the phone is what names the demo account.
    await page.getByText(text('integration_code_to_phone', { to: '+998 90 *** ** 67' }), { exact: true }).waitFor();
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    await codeBox(page).waitFor();
    expect(linkedProviders(kirish.databasePath, demo!.id)).not.toContain('yandex');
    await codeBox(page).fill(await latestCode(kirish.server.origin, DEMO_ACCOUNT.phone));
    await expectHome(page, DEMO_ACCOUNT.firstName);
    expect(linkedProviders(kirish.databasePath, demo!.id)).toContain('yandex');
    expect(accountsNamed(kirish.databasePath, DEMO_ACCOUNT.firstName)).toHaveLength(1);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('refuses to link to the demo account an X identity that already signs another account in', async () => {
    // Bekzod's X identity first makes an account of its own.
    const bekzod = { firstName: 'Bekzod', lastName: 'Olimov', username: 'bekzod_o', subject: 'bekzod-x' };
    const first = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await first.page.goto(`${kirish.server.origin}/login`);
    await continueWithProvider(first.page, 'twitter');
    await continueAs(first.page, bekzod);
    await waitForHeading(first.page, text('confirm_phone_title'));
    await first.context.close();
    const [other] = accountsNamed(kirish.databasePath, 'Bekzod');
    expect(linkedProviders(kirish.databasePath, other!.id)).toEqual(['twitter']);

    const { page, context, errors } = await signedInTab(kirish.browser, kirish.server.origin, DEMO_ACCOUNT);
    const [demo] = accountsNamed(kirish.databasePath, DEMO_ACCOUNT.firstName);
    const before = linkedProviders(kirish.databasePath, demo!.id);
    await openLoginMethods(page);
    await linkedList(page)
      .getByRole('button', { name: text('login_methods_link_named', { provider: 'X' }) })
      .click();
    await waitForStandin(page, 'twitter');
    await continueAs(page, bekzod);
    await page.getByText(text('social_already_linked'), { exact: true }).waitFor();
    expect(linkedProviders(kirish.databasePath, demo!.id)).toEqual(before);
    expect(linkedProviders(kirish.databasePath, other!.id)).toEqual(['twitter']);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);

  it('does not give a new account the phone of another account', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await continueWithProvider(page, 'vk');
    await continueAs(page, { firstName: 'Ravshan', lastName: 'Nazarov', subject: 'ravshan-vk' });
    await waitForHeading(page, text('confirm_phone_title'));
    await page.getByLabel(text('phone_label'), { exact: true }).fill(national(DEMO_ACCOUNT.phone));
    const sentBefore = await outboxSize(DEMO_ACCOUNT.phone);
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    // Refused before any code goes to the phone, beside the phone field, saying what to do instead.
    await page.getByText(text('user_exists_with_phone_phone'), { exact: true }).waitFor();
    expect(await page.getByLabel(text('phone_label'), { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await outboxSize(DEMO_ACCOUNT.phone)).toBe(sentBefore);
    expect(accountsNamed(kirish.databasePath, 'Ravshan')).toMatchObject([{ phone: null, registration_kind: 0 }]);
    expect(accountsNamed(kirish.databasePath, DEMO_ACCOUNT.firstName)).toMatchObject([{ phone: DEMO_ACCOUNT.phone }]);
    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
