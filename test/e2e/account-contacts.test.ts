/**
 * The security centre in Chromium against the built server (issue 5): the data download, backup and
 * new contacts, deactivation and a password reset by code (split from account.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  codeBox,
  continueWith,
  expectHome,
  national,
  passwordSignIn,
  signInWithPassword,
  signOutFromMenu,
  text,
  waitForHeading,
} from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { bothWidths, securityRow, useAccountPages } from '../support/account-pages.js';
import { newPageFor } from '../support/browser.js';
const kirish = useRunningKirish();
const { newAccount, nextPhone, lastSeed, signedInPage, outboxSize } = useAccountPages(kirish, 907780000);

describe('the security centre: data and contacts', () => {
  it('downloads the data as JSON with the profile in it', async () => {
    const account = newAccount('Madina');
    const { page, context, errors } = await signedInPage(account);
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    await bothWidths(page, 'security');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text('security_data_download'), exact: true }).click();
    const file = await (await download).path();
    const data = JSON.parse(readFileSync(file, 'utf8')) as {
      profile: { phone: string; profile: { first_name: string } };
    };
    expect(data.profile.phone).toBe(account.phone);
    expect(data.profile.profile.first_name).toBe(account.firstName);
    expect(readFileSync(file, 'utf8')).not.toMatch(/password_hash|token_hash|"refresh"/);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('adds and confirms a backup e-mail by a code sent to it', async () => {
    const account = newAccount('Nilufar');
    const { page, context, errors } = await signedInPage(account);
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    await securityRow(page, 'security_group_recovery', text('security_secondary_email')).click();
    await waitForHeading(page, text('security_secondary_email'));
    // A backup contact can reset the password: the current password first, as for the main ones.
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: text('continue'), exact: true }).click();
    const email = `nilufar.${lastSeed()}@example.uz`;
    await page.getByLabel(text('email_label'), { exact: true }).fill(email);
    await page.getByRole('button', { name: text('get_code_email'), exact: true }).click();
    await codeBox(page).fill(await latestCode(kirish.server.origin, email));
    // The code to the new contact sends itself at the sixth digit.
    await waitForHeading(page, text('section_security'));
    await page.getByText(text('secondary_added'), { exact: true }).waitFor();
    const backupEmail = securityRow(page, 'security_group_recovery', text('security_secondary_email'));
    expect(await backupEmail.innerText()).toContain(email);

    // And makes it the main e-mail, after the current password.
    await backupEmail.click();
    await page.getByRole('button', { name: text('secondary_make_primary'), exact: true }).click();
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: text('secondary_make_primary'), exact: true }).click();
    await page.getByText(text('secondary_made_primary'), { exact: true }).waitFor();
    await page.goto(`${kirish.server.origin}/personal`);
    await waitForHeading(page, `${account.firstName} Sodiqova`);
    expect(await page.getByRole('main').innerText()).toContain(email);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('resets a forgotten password through the backup e-mail, the code said to go to the backup one', async () => {
    const account = newAccount('Shahnoza');
    const { page, context, errors } = await signedInPage(account);
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    await page.getByText(text('security_secondary_hint'), { exact: true }).waitFor();
    await page.goto(`${kirish.server.origin}/security/user-data/secondary-email`);
    await waitForHeading(page, text('security_secondary_email'));
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: text('continue'), exact: true }).click();
    const email = `shahnoza.${lastSeed()}@example.uz`;
    await page.getByLabel(text('email_label'), { exact: true }).fill(email);
    await page.getByRole('button', { name: text('get_code_email'), exact: true }).click();
    await codeBox(page).fill(await latestCode(kirish.server.origin, email));
    await page.getByText(text('secondary_added'), { exact: true }).waitFor();
    await context.close();

    const reset = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    await reset.page.goto(`${kirish.server.origin}/reset-password`);
    await waitForHeading(reset.page, text('reset_title'));
    await reset.page.getByRole('button', { name: text('use_email'), exact: true }).click();
    await reset.page.getByLabel(text('email_label'), { exact: true }).fill(email);
    await reset.page.getByRole('button', { name: text('get_code_email'), exact: true }).click();
    await reset.page
      .getByText(text('code_send_to_backup_email', { to: `sh***@example.uz` }), { exact: true })
      .waitFor();
    await codeBox(reset.page).fill(await latestCode(kirish.server.origin, email));
    const newPassword = `Yangi-Chorsu-${lastSeed()}`;
    await reset.page.getByLabel(text('new_password_label'), { exact: true }).fill(newPassword);
    await reset.page.getByLabel(text('repeat_password_label'), { exact: true }).fill(newPassword);
    await reset.page.getByRole('button', { name: text('save'), exact: true }).click();
    await waitForHeading(reset.page, text('login_title'));
    // The main phone signs in with the new password.
    await signInWithPassword(reset.page, account.phone, newPassword);
    await expectHome(reset.page, account.firstName);
    await reset.context.close();
    expect([...errors, ...reset.errors]).toEqual([]);
  });

  it('changes the phone after the current password and a code to the new number', async () => {
    const account = newAccount('Sevara');
    const { page, context, errors } = await signedInPage(account);
    await page.goto(`${kirish.server.origin}/security/user-data/edit-phone`);
    await waitForHeading(page, text('change_phone_title'));
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: text('continue'), exact: true }).click();
    const newPhone = nextPhone();
    await page.getByLabel(text('phone_label'), { exact: true }).fill(national(newPhone));
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    await codeBox(page).fill(await latestCode(kirish.server.origin, newPhone));
    // The code to the new contact sends itself at the sixth digit.
    await page.getByText(text('phone_changed'), { exact: true }).waitFor();
    expect(await securityRow(page, 'security_group_sign_in', text('phone_label')).innerText()).toContain(
      `+998 ${newPhone.slice(4, 6)} ${newPhone.slice(6, 9)} ${newPhone.slice(9, 11)} ${newPhone.slice(11)}`,
    );
    // The new number signs in; the old one no longer does.
    await signOutFromMenu(page);
    await waitForHeading(page, text('login_title'));
    await continueWith(page, national(account.phone));
    await page.getByText(text('user_not_found_phone'), { exact: true }).waitFor();
    await passwordSignIn(page, national(newPhone), account.password);
    await expectHome(page, account.firstName);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('deactivates the account by a code, holds it on DeletedAccount, and restores it', async () => {
    const account = newAccount('Kamola');
    const { page, context, errors } = await signedInPage(account);
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    await page.getByRole('button', { name: text('deactivate_button'), exact: true }).click();
    await page
      .getByRole('group', { name: text('deactivate_confirm') })
      .getByRole('button', { name: text('deactivate_button'), exact: true })
      .click();
    // The code goes out as the step opens: wait until it has, or the outbox still shows the sign-up's.
    await page.getByText(text('code_send_to_phone', { to: `+998 90 *** ** ${account.phone.slice(-2)}` })).waitFor();
    // The code sends itself at the last digit, as every code field does (issue 35).
    await codeBox(page).fill(await latestCode(kirish.server.origin, account.phone));
    await waitForHeading(page, text('deleted_account_title'));
    await page
      .getByText(/30|\d{2}\.\d{2}\.\d{4}/)
      .first()
      .waitFor();
    await page.goto(`${kirish.server.origin}/personal`);
    await waitForHeading(page, text('deleted_account_title'));
    await bothWidths(page, 'deleted-account');

    // The cooldown ends when the last code was used, so a new one goes out at once.
    const sent = await outboxSize(account.phone);
    await page.getByRole('button', { name: text('restore_button'), exact: true }).click();
    await expect.poll(() => outboxSize(account.phone)).toBe(sent + 1);
    // The code sends itself at the last digit, as every code field does (issue 35).
    await codeBox(page).fill(await latestCode(kirish.server.origin, account.phone));
    await expectHome(page, account.firstName);
    await page.getByText(text('restored'), { exact: true }).waitFor();
    await context.close();
    expect(errors).toEqual([]);
  });

  it('sets a new password by a code to the account’s own phone, without the old one', async () => {
    const account = newAccount('Oydin');
    const { page, context, errors } = await signedInPage(account);
    await page.goto(`${kirish.server.origin}/security/user-data/reset-password/`);
    await waitForHeading(page, text('reset_title'));
    const newPassword = `Tiklangan-${account.password}`;
    await page.getByLabel(text('new_password_label'), { exact: true }).fill(newPassword);
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(newPassword);
    const sent = await outboxSize(account.phone);
    await page.getByRole('button', { name: text('continue'), exact: true }).click();
    await expect.poll(() => outboxSize(account.phone)).toBe(sent + 1);
    // The code sends itself at the last digit, as every code field does (issue 35).
    await codeBox(page).fill(await latestCode(kirish.server.origin, account.phone));
    await waitForHeading(page, text('section_security'));
    await page.getByText(text('password_changed_short'), { exact: true }).waitFor();
    await signOutFromMenu(page);
    await signInWithPassword(page, account.phone, newPassword);
    await expectHome(page, account.firstName);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('adds an e-mail after proving it is the owner by a code instead of the password', async () => {
    const account = newAccount('Lola');
    const { page, context, errors } = await signedInPage(account);
    await page.goto(`${kirish.server.origin}/security/user-data/email`);
    await waitForHeading(page, text('add_email_title'));
    const sent = await outboxSize(account.phone);
    await page.getByRole('button', { name: text('proof_use_code'), exact: true }).click();
    await expect.poll(() => outboxSize(account.phone)).toBe(sent + 1);
    // The code sends itself at the last digit, as every code field does (issue 35).
    await codeBox(page).fill(await latestCode(kirish.server.origin, account.phone));
    const email = `lola.${lastSeed()}@example.uz`;
    await page.getByLabel(text('email_label'), { exact: true }).fill(email);
    await page.getByRole('button', { name: text('get_code_email'), exact: true }).click();
    await codeBox(page).fill(await latestCode(kirish.server.origin, email));
    // The code to the new contact sends itself at the sixth digit.
    await page.getByText(text('email_changed'), { exact: true }).waitFor();
    expect(await securityRow(page, 'security_group_sign_in', text('email_label')).innerText()).toContain(email);
    await context.close();
    expect(errors).toEqual([]);
  });
});
