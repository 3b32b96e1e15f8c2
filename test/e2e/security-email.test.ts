/**
 * Issue 12: an e-mail given at sign-up is stored unproven. Wherever it is shown (Security,
 * Personal) it carries a "Not verified" badge and a "Verify" action that proves it by a code; a
 * password reset by it says why it cannot be used yet; and it cannot be taken as the backup e-mail,
 * which used to drop it from the main slot without a word.
 */
import { describe, expect, it } from 'vitest';
import { bothWidths, securityRow } from '../support/account-pages.js';
import { axeViolations } from '../support/axe.js';
import { registerOverApi, signedInTab, type ApiAccount } from '../support/api-accounts.js';
import { newPageFor } from '../support/browser.js';
import { codeBox, text, waitForHeading } from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
let phoneSeed = 907815000;

/** An account made by phone with an e-mail along (kind 1), as sign-up stores it: the e-mail unverified. */
async function accountWithUnverifiedEmail(firstName: string): Promise<ApiAccount> {
  const phone = `+998${++phoneSeed}`;
  const account = {
    phone,
    firstName,
    lastName: 'Karimova',
    password: `Samarqand-Registon-${phoneSeed}`,
    email: `${firstName.toLowerCase()}.${phoneSeed}@example.uz`,
  };
  await registerOverApi(kirish.server.origin, account);
  return account;
}

const signedIn = (account: ApiAccount) => signedInTab(kirish.browser, kirish.server.origin, account);

/** Asks, signed out, for a password-reset code to `email` on /reset-password. */
async function askResetCode(email: string) {
  const tab = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
  await tab.page.goto(`${kirish.server.origin}/reset-password`);
  await waitForHeading(tab.page, text('reset_title'));
  await tab.page.getByRole('button', { name: text('use_email'), exact: true }).click();
  await tab.page.getByLabel(text('email_label'), { exact: true }).fill(email);
  await tab.page.getByRole('button', { name: text('get_code_email'), exact: true }).click();
  return tab;
}

describe('an e-mail given at sign-up', () => {
  it('is marked "Not verified" with a Verify action; a reset by it says to verify it first; a code proves it', async () => {
    const account = await accountWithUnverifiedEmail('Zarina');
    const { page, context, errors } = await signedIn(account);
    const email = account.email ?? '';

    await page.goto(`${kirish.server.origin}/personal`);
    // Personal's e-mail row: the address, the badge, and the row leads to the e-mail page, where it is verified.
    const escaped = email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const personalEmail = page.getByRole('link', { name: new RegExp(`^${text('email_label')}.*${escaped}`) });
    await personalEmail.getByText(text('personal_email_unverified'), { exact: true }).waitFor();
    expect(await personalEmail.getAttribute('href')).toBe('/security/user-data/email');

    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    // The e-mail row of "How you sign in" shows the address and the badge; the row opens its page.
    const securityEmail = securityRow(page, 'security_group_sign_in', text('email_label'));
    await securityEmail.getByText(text('personal_email_unverified'), { exact: true }).waitFor();
    expect(await securityEmail.innerText()).toContain(email);
    await bothWidths(page, 'security-email-unverified');
    expect(await axeViolations(page)).toEqual([]);

    // Signed out, a reset by this address says what to do instead of "isn't valid".
    const resetter = await askResetCode(email);
    await resetter.page.getByText(text('email_not_verified_restore'), { exact: true }).waitFor();
    expect(await codeBox(resetter.page).count()).toBe(0);
    await resetter.context.close();

    await securityEmail.click();
    await waitForHeading(page, text('email_verify_title'));
    await page.getByText(text('email_verify_intro', { email }), { exact: true }).waitFor();
    // The tab's title names the page, not one of its two actions (verify, or change instead).
    expect(await page.title()).toBe(`${text('title_security_email')} — ${text('app_name')}`);
    await bothWidths(page, 'security-email-verify');
    expect(await axeViolations(page)).toEqual([]);
    // The code goes out when asked for.
    await page.getByRole('button', { name: text('email_verify_action'), exact: true }).click();
    // The code sends itself at the last digit, as every code field does (issue 35).
    await codeBox(page).fill(await latestCode(kirish.server.origin, email));
    await page.getByText(text('email_verified'), { exact: true }).waitFor();
    await waitForHeading(page, text('section_security'));
    expect(await securityEmail.innerText()).toContain(email);
    expect(await securityEmail.getByText(text('personal_email_unverified'), { exact: true }).count()).toBe(0);
    await page.getByText(text('security_event_email_verified'), { exact: true }).waitFor();

    // Now the e-mail restores the password: the code step opens.
    const again = await askResetCode(email);
    await codeBox(again.page).waitFor();
    await again.context.close();
    await context.close();
    expect(errors).toEqual([]);
  });

  it('cannot be added as the backup e-mail: a clear error, and it stays the main one', async () => {
    const account = await accountWithUnverifiedEmail('Feruza');
    const { page, context, errors } = await signedIn(account);
    const email = account.email ?? '';
    await page.goto(`${kirish.server.origin}/security/user-data/secondary-email`);
    await waitForHeading(page, text('security_secondary_email'));
    // A backup contact can reset the password: the current password first, as for the main ones.
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: text('continue'), exact: true }).click();
    await page.getByLabel(text('email_label'), { exact: true }).fill(email);
    await page.getByRole('button', { name: text('get_code_email'), exact: true }).click();
    await page.getByText(text('email_is_main_unverified'), { exact: true }).waitFor();
    expect(await codeBox(page).count()).toBe(0);

    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    const main = securityRow(page, 'security_group_sign_in', text('email_label'));
    await main.getByText(text('personal_email_unverified'), { exact: true }).waitFor();
    expect(
      await securityRow(page, 'security_group_recovery', text('security_secondary_email')).innerText(),
    ).not.toContain(email);

    // The e-mail page offers another address instead; the new form gets the focus.
    await main.click();
    await waitForHeading(page, text('email_verify_title'));
    await page.getByRole('button', { name: text('email_change_instead'), exact: true }).click();
    await waitForHeading(page, text('change_email_title'));
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    await context.close();
    expect(errors).toEqual([]);
  });
});
