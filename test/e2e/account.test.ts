/**
 * The personal account and the security centre (issue 5), in Chromium against the built server: what
 * a signed-in person does on /personal and /security, with a second browser where a flow must end
 * another device's session.
 */
import { describe, expect, it } from 'vitest';
import { saveScreenshot } from '../support/browser.js';
import { appUserinfoStatus, letDemoAppIn } from '../support/demo-app.js';
import { codeBox, expectHome, signInWithPassword, text, waitForHeading } from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { bothWidths, securityRow, sessionRows, useAccountPages } from '../support/account-pages.js';
const kirish = useRunningKirish();
const { newAccount, signedInPage, secondDevice, outboxSize, expectSignedOut } = useAccountPages(kirish, 907770000);

describe('the personal account', () => {
  it('edits the profile and shows it on /personal', async () => {
    const { page, context, errors } = await signedInPage(newAccount('Gulnora'));
    await page.getByRole('link', { name: new RegExp(`^${text('section_personal')}`) }).click();
    await waitForHeading(page, 'Gulnora Sodiqova');
    // The product's /personal/edit edits every part at once; Personal's rows open one part each (personal-rows.test.ts).
    await page.goto(`${kirish.server.origin}/personal/edit`);
    await waitForHeading(page, text('personal_edit_title'));
    await page.getByLabel(text('middle_name_label'), { exact: true }).fill('Rustamovna');
    await page.getByLabel(text('username_label'), { exact: true }).fill('ab');
    await page.getByLabel(text('birth_date_label'), { exact: true }).fill('17051994');
    await page.getByLabel(text('gender_female'), { exact: true }).check();
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    // A mistake is said beside its field, and nothing is lost.
    await page.getByText(text('username_min_length'), { exact: true }).waitFor();
    expect(await page.getByLabel(text('middle_name_label'), { exact: true }).inputValue()).toBe('Rustamovna');
    await page.getByLabel(text('username_label'), { exact: true }).fill('gulnora.s');
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await waitForHeading(page, 'Gulnora Sodiqova');
    expect(await page.getByRole('main').innerText()).toContain('Rustamovna');
    // Typed as digits, the dots put in, and shown the way it was typed: DD.MM.YYYY.
    expect(await page.getByRole('main').innerText()).toContain('17.05.1994');
    expect(await page.getByRole('main').innerText()).toContain('@gulnora.s');
    expect(await page.getByRole('main').innerText()).toContain(text('gender_female'));
    await saveScreenshot(page, 'personal-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await saveScreenshot(page, 'personal-375');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('adds an address, then deletes it after confirming', async () => {
    const { page, context, errors } = await signedInPage(newAccount('Shahnoza'));
    await page.goto(`${kirish.server.origin}/personal/address`);
    await waitForHeading(page, text('address_title'));
    await page.getByText(text('address_empty'), { exact: true }).waitFor();
    await page.getByRole('button', { name: text('address_add'), exact: true }).click();
    await page.getByLabel(text('address_label_label'), { exact: true }).fill('Uy');
    await page.getByLabel(text('address_region'), { exact: true }).selectOption({ label: 'Tashkent city' });
    const district = page.getByLabel(text('address_district'), { exact: true });
    await district.selectOption({ index: 1 });
    await page.getByLabel(text('address_street'), { exact: true }).fill('Amir Temur');
    await page.getByLabel(text('address_house'), { exact: true }).fill('12');
    await page.getByLabel(text('address_postal_code'), { exact: true }).fill('10000');
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await page.getByText(text('invalid_postal_code'), { exact: true }).waitFor();
    await page.getByLabel(text('address_postal_code'), { exact: true }).fill('100000');
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await page.getByText(text('address_saved'), { exact: true }).waitFor();
    const card = page.locator('.address-group .row-item');
    expect(await card.count()).toBe(1);
    expect(await card.innerText()).toContain('Amir Temur, 12');
    expect(await card.innerText()).toContain(text('address_default'));
    await bothWidths(page, 'address');

    await card.getByRole('button', { name: text('address_actions', { name: 'Uy' }), exact: true }).click();
    await page.getByRole('menuitem', { name: text('address_delete'), exact: true }).click();
    await page
      .getByRole('dialog', { name: text('address_delete_confirm') })
      .getByRole('button', { name: text('address_delete'), exact: true })
      .click();
    await page.getByText(text('address_deleted'), { exact: true }).waitFor();
    expect(await card.count()).toBe(0);
    await context.close();
    expect(errors).toEqual([]);
  });
});

describe('the security centre', () => {
  it('changes the password and ends the other sessions: the second browser is signed out', async () => {
    const account = newAccount('Feruza');
    const first = await signedInPage(account);
    const second = await secondDevice(account);
    const { page } = first;
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    // The Password row of "How you sign in" opens the change.
    await securityRow(page, 'security_group_sign_in', text('password_label')).click();
    await page.getByLabel(text('old_password_label'), { exact: true }).fill('not-my-password');
    const newPassword = `Yangi-${account.password}`;
    await page.getByLabel(text('new_password_label'), { exact: true }).fill(newPassword);
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await page.getByText(text('invalid_old_password'), { exact: true }).waitFor();
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await waitForHeading(page, text('section_security'));
    await expectSignedOut(second.page);
    // This browser stays signed in, and the new password works elsewhere.
    await page.goto(`${kirish.server.origin}/personal`);
    await waitForHeading(page, `${account.firstName} Sodiqova`);
    await signInWithPassword(second.page, account.phone, newPassword);
    await expectHome(second.page, account.firstName);
    await first.context.close();
    await second.context.close();
    expect([...first.errors, ...second.errors]).toEqual([]);
  });

  it('signs the apps out with a new password by default, and the confirmation says so', async () => {
    const account = newAccount('Shahnoza');
    const { page, context, errors } = await signedInPage(account);
    const app = await letDemoAppIn(kirish.server, page);
    expect(await appUserinfoStatus(kirish.server, app)).toBe(200);
    await page.goto(`${kirish.server.origin}/security/user-data/password/`);
    await waitForHeading(page, text('security_change_password'));
    // Both choices start ticked (OWASP ASVS 5.0 §7.4.3).
    expect(await page.getByRole('checkbox', { name: text('security_end_app_sessions'), exact: true }).isChecked()).toBe(
      true,
    );
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    const newPassword = `Yangi-${account.password}`;
    await page.getByLabel(text('new_password_label'), { exact: true }).fill(newPassword);
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await waitForHeading(page, text('section_security'));
    await page
      .getByText(`${text('password_changed_short')} ${text('app_sessions_ended_count_one', { n: '1' })}`, {
        exact: true,
      })
      .waitFor();
    expect(await appUserinfoStatus(kirish.server, app)).toBe(401);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('leaves the apps signed in when that box is unticked', async () => {
    const account = newAccount('Mohira');
    const { page, context, errors } = await signedInPage(account);
    const app = await letDemoAppIn(kirish.server, page);
    await page.goto(`${kirish.server.origin}/security/user-data/password/`);
    await waitForHeading(page, text('security_change_password'));
    await page.getByRole('checkbox', { name: text('security_end_app_sessions'), exact: true }).uncheck();
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    const newPassword = `Yangi-${account.password}`;
    await page.getByLabel(text('new_password_label'), { exact: true }).fill(newPassword);
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await waitForHeading(page, text('section_security'));
    await page.getByText(text('password_changed_short'), { exact: true }).waitFor();
    expect(await appUserinfoStatus(kirish.server, app)).toBe(200);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('ends every other session only after the password is given again (ASVS 5.0 §7.5.2)', async () => {
    const account = newAccount('Nilufar');
    const first = await signedInPage(account);
    const second = await secondDevice(account);
    const { page } = first;
    await page.goto(`${kirish.server.origin}/security/active-sessions/`);
    await waitForHeading(page, text('sessions_title'));
    await sessionRows(page).nth(1).waitFor();
    await page.getByRole('button', { name: text('sessions_end_others'), exact: true }).click();
    // The step-up: a wrong password ends nothing and says so beside the field.
    await page.getByLabel(text('old_password_label'), { exact: true }).fill('not-my-password');
    await page.getByRole('button', { name: text('sessions_end_others'), exact: true }).click();
    await page.getByText(text('invalid_old_password'), { exact: true }).waitFor();
    expect(await sessionRows(page).count()).toBe(2);
    await page.getByLabel(text('old_password_label'), { exact: true }).fill(account.password);
    await page.getByRole('button', { name: text('sessions_end_others'), exact: true }).click();
    await page.getByText(text('sessions_ended_count_one', { n: '1' }), { exact: true }).waitFor();
    expect(await sessionRows(page).count()).toBe(1);
    await expectSignedOut(second.page);
    await first.context.close();
    await second.context.close();
    expect([...first.errors, ...second.errors]).toEqual([]);
  });

  it('ends every other session after a code to the own phone instead of the password', async () => {
    const account = newAccount('Sevara');
    const first = await signedInPage(account);
    const second = await secondDevice(account);
    const { page } = first;
    await page.goto(`${kirish.server.origin}/security/active-sessions/`);
    await waitForHeading(page, text('sessions_title'));
    await sessionRows(page).nth(1).waitFor();
    await page.getByRole('button', { name: text('sessions_end_others'), exact: true }).click();
    const sent = await outboxSize(account.phone);
    await page.getByRole('button', { name: text('proof_use_code'), exact: true }).click();
    await expect.poll(() => outboxSize(account.phone)).toBe(sent + 1);
    // The code sends itself at the last digit, as every code field does (issue 35).
    await codeBox(page).fill(await latestCode(kirish.server.origin, account.phone));
    await page.getByText(text('sessions_ended_count_one', { n: '1' }), { exact: true }).waitFor();
    await expectSignedOut(second.page);
    await first.context.close();
    await second.context.close();
    expect([...first.errors, ...second.errors]).toEqual([]);
  });

  it('ends another session from the list: that browser is signed out at its next refresh', async () => {
    const account = newAccount('Zarina');
    const first = await signedInPage(account);
    const second = await secondDevice(account);
    const { page } = first;
    await page.goto(`${kirish.server.origin}/security/active-sessions/`);
    await waitForHeading(page, text('sessions_title'));
    const sessions = sessionRows(page);
    await sessions.nth(1).waitFor();
    expect(await sessions.count()).toBe(2);
    expect(await sessions.first().innerText()).toContain(text('sessions_this_device'));
    await bothWidths(page, 'sessions');
    await sessions
      .nth(1)
      .getByRole('button', { name: text('sessions_end'), exact: true })
      .click();
    await page
      .getByRole('group', { name: text('sessions_end_confirm') })
      .getByRole('button', { name: text('sessions_end'), exact: true })
      .click();
    await page.getByText(text('sessions_ended_one'), { exact: true }).waitFor();
    expect(await sessions.count()).toBe(1);
    await expectSignedOut(second.page);
    await first.context.close();
    await second.context.close();
    expect([...first.errors, ...second.errors]).toEqual([]);
  });
});
