/**
 * Issue 12, the security pages: the old password refused as the new one (with the hidden username a
 * password manager needs), the whole security log paged and naming what happened, and the
 * deactivated-account page naming the account, offering its data, with a destructive final button.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bothWidths, securityRow, sessionRows } from '../support/account-pages.js';
import { DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { axeViolations } from '../support/axe.js';
import { appUserinfoStatus, letDemoAppIn } from '../support/demo-app.js';
import { registerOverApi, signedInTab, type ApiAccount } from '../support/api-accounts.js';
import { apiClient, V1 } from '../support/api.js';
import { codeBox, text, waitForHeading } from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
let phoneSeed = 907816000;

async function signedInPage(firstName: string) {
  const account: ApiAccount = {
    phone: `+998${++phoneSeed}`,
    firstName,
    lastName: 'Sodiqova',
    password: `Buxoro-Labihovuz-${phoneSeed}`,
  };
  await registerOverApi(kirish.server.origin, account);
  return { account, ...(await signedInTab(kirish.browser, kirish.server.origin, account)) };
}

describe('the security pages', () => {
  it('groups /security as people look for it, each row with its icon, and the danger zone last', async () => {
    const { page, context, errors } = await signedInPage('Dildora');
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    // Wait for the counts: the sessions row shows how many (the sign-up's and this tab's).
    const sessionsRow = securityRow(page, 'security_group_devices', text('sessions_title'));
    await expect.poll(() => sessionsRow.locator('.row-value').innerText()).toMatch(/^\d+$/);
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings).toEqual(
      [
        'security_group_sign_in',
        'security_group_recovery',
        'security_group_devices',
        'security_group_apps',
        'security_activity',
        'security_data_title',
        'deactivate_title',
      ].map((key) => text(key)),
    );
    // No backup contact yet: the rows say so, and no value is a link glued to it.
    const recovery = page.getByRole('region', { name: text('security_group_recovery') });
    expect(await recovery.getByRole('link').allInnerTexts()).toEqual([
      `${text('security_secondary_phone')}\n${text('security_not_added')}`,
      `${text('security_secondary_email')}\n${text('security_not_added')}`,
    ]);
    const rows = page.locator('.row-group .rows > .row-item');
    expect(await rows.count()).toBeGreaterThan(8);
    expect(await rows.locator('.row-icon .icon').count()).toBe(await rows.count());
    await bothWidths(page, 'security-groups');
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('opens a row\'s page, and both "← Security" and the browser\'s Back return', async () => {
    const { page, context, errors } = await signedInPage('Gulnora');
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    await securityRow(page, 'security_group_devices', text('sessions_title')).click();
    await waitForHeading(page, text('sessions_title'));
    expect(new URL(page.url()).pathname).toBe('/security/active-sessions/');
    await page.getByRole('link', { name: `← ${text('section_security')}`, exact: true }).click();
    await waitForHeading(page, text('section_security'));
    await securityRow(page, 'security_group_sign_in', text('login_methods_title')).click();
    await waitForHeading(page, text('login_methods_title'));
    await page.goBack();
    await waitForHeading(page, text('section_security'));
    expect(new URL(page.url()).pathname).toBe('/security');
    // "Apps with access" leads to the apps of the sign-in methods page, empty so far.
    await securityRow(page, 'security_group_apps', text('security_connected_apps')).click();
    await page.getByText(text('login_methods_apps_empty'), { exact: true }).waitFor();
    expect(new URL(page.url()).hash).toBe('#apps');
    await context.close();
    expect(errors).toEqual([]);
  });

  it('asks before ending another session: Cancel ends nothing, Confirm ends it', async () => {
    const { account, page, context, errors } = await signedInPage('Kamola');
    const other = await apiClient(kirish.server.origin).post(`${V1}/login/LoginUser/`, {
      phone: account.phone,
      password: account.password,
    });
    expect(other.status).toBe(200);
    await page.goto(`${kirish.server.origin}/security/active-sessions/`);
    await waitForHeading(page, text('sessions_title'));
    const sessions = sessionRows(page);
    await sessions.nth(1).waitFor();
    expect(await sessions.first().innerText()).toContain(text('sessions_this_device'));
    // The newest first after this device's: the one signed in above.
    const end = sessions.nth(1).getByRole('button', { name: text('sessions_end'), exact: true });
    await end.click();
    const question = page.getByRole('group', { name: text('sessions_end_confirm') });
    await question.waitFor();
    // The safe choice has the focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text('cancel'));
    await question.getByRole('button', { name: text('cancel'), exact: true }).click();
    expect(await question.count()).toBe(0);
    // The sign-up's session, this tab's and the other one.
    expect(await sessions.count()).toBe(3);
    await end.click();
    await question.getByRole('button', { name: text('sessions_end'), exact: true }).click();
    await page.getByText(text('sessions_ended_one'), { exact: true }).waitFor();
    expect(await sessions.count()).toBe(2);
    const refreshed = await apiClient(kirish.server.origin).post(`${V1}/TokenRefresh/`, {
      refresh: other.json.refresh,
    });
    expect(refreshed.status).toBe(401);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('counts the apps with access, lists them with their logo, and takes one back after asking', async () => {
    const { page, context, errors } = await signedInPage('Malika');
    const app = await letDemoAppIn(kirish.server, page);
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    const apps = securityRow(page, 'security_group_apps', text('security_connected_apps'));
    await apps.getByText('1', { exact: true }).waitFor();
    await apps.click();
    const list = page.getByRole('region', { name: text('login_methods_apps') });
    const demo = list.locator('.rows > .row-item', { hasText: DEMO_CLIENT_NAME });
    await demo.waitFor();
    await bothWidths(page, 'security-apps');
    expect(await axeViolations(page)).toEqual([]);
    await demo.getByRole('button', { name: text('login_methods_revoke'), exact: true }).click();
    const question = page.getByRole('group', { name: text('login_methods_revoke_confirm', { app: DEMO_CLIENT_NAME }) });
    await question.getByRole('button', { name: text('login_methods_revoke'), exact: true }).click();
    await page.getByText(text('login_methods_revoked', { app: DEMO_CLIENT_NAME }), { exact: true }).waitFor();
    await list.getByText(text('login_methods_apps_empty'), { exact: true }).waitFor();
    expect(await appUserinfoStatus(kirish.server, app)).toBe(401);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('refuses the current password as the new one, beside the field; the form names the account for password managers', async () => {
    const { account, page, context, errors } = await signedInPage('Lola');
    await page.goto(`${kirish.server.origin}/security/user-data/password/`);
    await waitForHeading(page, text('security_change_password'));
    expect(await page.locator('form input[autocomplete="username"]').inputValue()).toBe(account.phone);
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    await page.getByLabel(text('new_password_label'), { exact: true }).fill(account.password);
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await page.getByText(text('same_password'), { exact: true }).waitFor();
    // Focus lands on the field in error. The watcher that moves it loads with the first submit
    // (components/step-form.tsx), so under load the server's answer can be shown a moment before.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')), { timeout: 10_000 })
      .toBe('new-password');
    await context.close();
    expect(errors).toEqual([]);
  });

  it('refuses the current password as the new one after a code too (reset while signed in), back at the password step', async () => {
    const { account, page, context, errors } = await signedInPage('Nodira');
    await page.goto(`${kirish.server.origin}/security/user-data/reset-password/`);
    await waitForHeading(page, text('reset_title'));
    await page.getByLabel(text('new_password_label'), { exact: true }).fill(account.password);
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: text('continue'), exact: true }).click();
    const code = codeBox(page);
    // The field shows once the code was sent: the outbox's newest is it.
    await code.waitFor();
    // The code sends itself at the last digit, as every code field does (issue 35).
    await code.fill(await latestCode(kirish.server.origin, account.phone));
    // The refusal is said beside the field where the password was typed, and nothing changed.
    await page.getByText(text('same_password'), { exact: true }).waitFor();
    expect(await page.getByLabel(text('new_password_label'), { exact: true }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    const login = await apiClient(kirish.server.origin).post(`${V1}/login/LoginUser/`, {
      phone: account.phone,
      password: account.password,
    });
    expect(login.status).toBe(200);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('names the app a partner sign-in was to, and shows the whole log a page at a time from "See all"', async () => {
    const { account, page, context, errors } = await signedInPage('Mohira');
    const api = apiClient(kirish.server.origin);
    // Twenty-two sign-ins elsewhere fill more than one page (twenty a page).
    let access = '';
    for (let i = 0; i < 22; i += 1) {
      const signedIn = await api.post(`${V1}/login/LoginUser/`, { phone: account.phone, password: account.password });
      access = signedIn.json.access as string;
    }
    const patched = await fetch(`${kirish.server.origin}${V1}/user/profile/`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: JSON.stringify({ middle_name: 'Akmalovna' }),
    });
    expect(patched.status).toBe(200);

    await letDemoAppIn(kirish.server, page);
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    await page.getByText(text('security_event_profile_changed'), { exact: true }).waitFor();
    await page
      .getByText(text('security_event_app_signed_in_named', { name: DEMO_CLIENT_NAME }), { exact: true })
      .waitFor();
    // The recent events are rows with their icons.
    const recent = page.getByRole('region', { name: text('security_activity') });
    expect(await recent.locator('.row-item .row-icon .icon').count()).toBeGreaterThan(1);
    await recent.getByRole('link', { name: text('security_activity_all'), exact: true }).click();
    await waitForHeading(page, text('security_log_title'));
    // The log is a page of its own, the focus on its heading, with the way back.
    expect(new URL(page.url()).search).toBe('?log');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(text('security_log_title'));
    await page.getByText(text('security_log_page', { page: '1', pages: '2' }), { exact: true }).waitFor();
    const log = page.getByRole('region', { name: text('security_log_title') });
    const events = log.locator('.rows > .row-item');
    await expect.poll(() => events.count()).toBe(20);
    await bothWidths(page, 'security-log');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: text('security_log_older'), exact: true }).click();
    await page.getByText(text('security_log_page', { page: '2', pages: '2' }), { exact: true }).waitFor();
    // The registration, this tab's sign-in, the 22 others, the profile change and the app: 26, so 6 on page 2.
    await expect.poll(() => events.count()).toBe(6);
    expect(await log.locator('.rows').innerText()).toContain(text('security_event_registered'));
    expect(await page.getByRole('button', { name: text('security_log_older'), exact: true }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: `← ${text('section_security')}`, exact: true }).click();
    await waitForHeading(page, text('section_security'));
    await context.close();
    expect(errors).toEqual([]);
  });

  it('deactivates with a destructive final button, then names the account and offers its data', async () => {
    const { account, page, context, errors } = await signedInPage('Nargiza');
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    await page.getByRole('button', { name: text('deactivate_button'), exact: true }).click();
    const confirm = page
      .getByRole('group', { name: text('deactivate_confirm') })
      .getByRole('button', { name: text('deactivate_button'), exact: true });
    expect(await confirm.getAttribute('class')).toContain('button-danger');
    await confirm.click();
    // Said twice: the toast that it went, and the code field's hint (where it went).
    await page
      .getByText(text('code_send_to_phone', { to: `+998 90 *** ** ${account.phone.slice(-2)}` }))
      .first()
      .waitFor();
    const final = page.getByRole('button', { name: text('deactivate_button'), exact: true });
    expect(await final.getAttribute('class')).toContain('button-danger');
    // The code sends itself at the last digit, as every code field does (issue 35).
    await codeBox(page).fill(await latestCode(kirish.server.origin, account.phone));
    await waitForHeading(page, text('deleted_account_title'));
    const phone = `+998 ${account.phone.slice(4, 6)} ${account.phone.slice(6, 9)} ${account.phone.slice(9, 11)} ${account.phone.slice(11)}`;
    await page
      .getByText(text('deleted_account_whose', { name: `${account.firstName} Sodiqova · ${phone}` }), { exact: true })
      .waitFor();
    await bothWidths(page, 'deleted-account-named');
    expect(await axeViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: text('security_data_download'), exact: true }).click();
    const data = JSON.parse(readFileSync(await (await download).path(), 'utf8')) as {
      profile: { phone: string; is_inactivated: boolean };
    };
    expect(data.profile).toMatchObject({ phone: account.phone, is_inactivated: true });
    await context.close();
    expect(errors).toEqual([]);
  });
});
