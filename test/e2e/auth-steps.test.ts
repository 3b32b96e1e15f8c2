/**
 * Issue 12, the steps of signing up, in and resetting: the optional e-mail with no "Skip", every
 * field error at once with the focus on the first, "sign in instead" for a taken contact, code steps
 * that say where the code went, send themselves at six digits and go back one step, a reset that
 * hands its contact to sign-in, and a password lock with its countdown.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { saveScreenshot } from '../support/browser.js';
import { codeBox, continueWith, expectHome, national, text, waitForHeading } from '../support/flows.js';
import { apiClient } from '../support/api.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { usePagePool, phoneNumbers } from '../support/page-pool.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);
const newPhone = phoneNumbers(905570000);
const masked = (phone: string) => national(phone).replace(/^(\d\d)(\d{3})(\d\d)(\d\d)$/, '$1 $2 $3 $4');

describe('signing up (issue 12)', () => {
  it('offers the e-mail as optional with no Skip, says every problem at once, focusing the first, and keeps a typed e-mail', async () => {
    const { page } = await freshPage(375);
    const phone = newPhone();
    await page.goto(`${kirish.server.origin}/register`);
    await page.getByLabel(text('phone_label'), { exact: true }).fill(national(phone));
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    await waitForHeading(page, text('code_title_phone'));
    expect(await page.getByRole('button', { name: text('change_contact'), exact: true }).count()).toBe(1);
    // Six digits send themselves.
    await codeBox(page).fill(await latestCode(kirish.server.origin, phone));
    const email = page.getByLabel(text('email_optional_label'), { exact: true });
    await email.waitFor();
    expect(await page.getByRole('button', { name: text('skip'), exact: true }).count()).toBe(0);
    expect(await page.getByText(text('email_optional_hint'), { exact: true }).count()).toBe(1);

    await page.getByLabel(text('first_name_label'), { exact: true }).fill('Aziz2');
    await email.fill('aziz@');
    await page.getByLabel(text('new_password_label'), { exact: true }).fill('short');
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill('short');
    await page.getByRole('button', { name: text('sign_up'), exact: true }).click();
    for (const key of ['invalid_name', 'field_required', 'invalid_email', 'password_too_short']) {
      await page.getByText(text(key), { exact: true }).waitFor();
    }
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'given-name');
    await saveScreenshot(page, 'auth-sign-up-errors-375');

    await page.getByLabel(text('first_name_label'), { exact: true }).fill('Aziz');
    await page.getByLabel(text('last_name_label'), { exact: true }).fill('Nazarov');
    await email.fill('aziz.nazarov@example.uz');
    await page.getByLabel(text('new_password_label'), { exact: true }).fill('Chorsu-bozori-2026');
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill('Chorsu-bozori-2026');
    await page.getByRole('button', { name: text('sign_up'), exact: true }).click();
    await expectHome(page, 'Aziz');
    const profile = await page.evaluate(async () => {
      const response = await fetch('/sso/api/v1/user/MyProfile', {
        headers: { Authorization: `Bearer ${localStorage.getItem('active_session')}` },
      });
      return (await response.json()) as { email: string | null };
    });
    expect(profile.email).toBe('aziz.nazarov@example.uz');
    await closeAll();
  });

  it('offers to sign in instead with a taken phone, which Login then holds', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/register`);
    await page.getByLabel(text('phone_label'), { exact: true }).fill(national(DEMO_ACCOUNT.phone));
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    await page.getByText(text('already_taken'), { exact: true }).waitFor();
    await page.getByRole('link', { name: text('sign_in_instead'), exact: true }).click();
    await waitForHeading(page, text('login_title'));
    expect(await page.getByLabel(text('phone_or_email_label'), { exact: true }).inputValue()).toBe(
      masked(DEMO_ACCOUNT.phone),
    );
    // The contact travels in the history entry, never in the address.
    expect(new URL(page.url()).search).toBe('');
    await closeAll();
  });
});

describe('signing in and resetting (issue 12)', () => {
  it('a code step says where the code went, and goes back one step keeping the phone', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await continueWith(page, national(DEMO_ACCOUNT.phone));
    await page.getByRole('button', { name: text('try_another_way'), exact: true }).click();
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    await waitForHeading(page, text('code_title_phone'));
    // One step back: the account's password, then "Not you?" to the field, the phone kept.
    await page.getByRole('button', { name: text('back'), exact: true }).click();
    await waitForHeading(page, text('login_password_title'));
    await page.getByRole('button', { name: text('not_you'), exact: true }).click();
    await waitForHeading(page, text('login_title'));
    expect(await page.getByLabel(text('phone_or_email_label'), { exact: true }).inputValue()).toBe(
      masked(DEMO_ACCOUNT.phone),
    );

    await closeAll();
  });

  it('a code sign-in goes through at the sixth digit, without pressing Sign in', async () => {
    const phone = newPhone();
    // Registered through the API: its registration code is used, so a sign-in code may follow at once.
    await apiClient(kirish.server.origin).registerByPhone(phone, 'Chorsu-bozori-2026');
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await continueWith(page, national(phone));
    await page.getByRole('button', { name: text('try_another_way'), exact: true }).click();
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    // The step shows once the code went: the outbox's newest code is then this one, not the registration's.
    await waitForHeading(page, text('code_title_phone'));
    await codeBox(page).fill(await latestCode(kirish.server.origin, phone));
    await expectHome(page, 'Sardor');
    // A sign-in's one-shot parameter (user_uuid) has left the address.
    expect(new URL(page.url()).search).toBe('');
    await closeAll();
  });

  it('after a reset by e-mail, Login is in e-mail mode with the address filled in, and says an unknown address has no account', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/reset-password`);
    await waitForHeading(page, text('reset_title'));
    await page.getByRole('button', { name: text('use_email'), exact: true }).click();
    await page.getByLabel(text('email_label'), { exact: true }).fill('nobody-here@example.uz');
    await page.getByRole('button', { name: text('get_code_email'), exact: true }).click();
    await page.getByText(text('user_not_found_email'), { exact: true }).waitFor();

    await page.getByLabel(text('email_label'), { exact: true }).fill(DEMO_ACCOUNT.email);
    await page.getByRole('button', { name: text('get_code_email'), exact: true }).click();
    await waitForHeading(page, text('code_title_email'));
    await codeBox(page).fill(await latestCode(kirish.server.origin, DEMO_ACCOUNT.email));
    const newPassword = 'Yangi-parol-Nukus-2026';
    await page.getByLabel(text('new_password_label'), { exact: true }).fill(newPassword);
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await waitForHeading(page, text('login_title'));
    expect(await page.getByLabel(text('phone_or_email_label'), { exact: true }).inputValue()).toBe(DEMO_ACCOUNT.email);
    await page.getByRole('button', { name: text('continue'), exact: true }).click();
    await page.getByLabel(text('password_label'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text('sign_in'), exact: true }).click();
    await expectHome(page, DEMO_ACCOUNT.firstName);
    await closeAll();
  });

  it('a password locked after wrong tries counts down, and says a one-time code still works', async () => {
    const { page } = await freshPage();
    const phone = newPhone();
    await apiClient(kirish.server.origin).registerByPhone(phone, 'Chorsu-bozori-2026');
    await page.goto(`${kirish.server.origin}/login`);
    await continueWith(page, national(phone));
    for (let attempt = 0; attempt < 4; attempt += 1) {
      await page.getByLabel(text('password_label'), { exact: true }).fill(`wrong-password-${attempt}`);
      await page.getByRole('button', { name: text('sign_in'), exact: true }).click();
      await page.locator('.field-error:not([hidden])').waitFor();
    }
    await page.getByText(text('too_many_attempts_login'), { exact: true }).waitFor();
    const countdown = page.getByText(/0:[0-3]\d/);
    await countdown.waitFor();
    const first = await countdown.innerText();
    expect(first).toBe(text('login_locked', { time: /\d:\d\d/.exec(first)?.[0] ?? '' }));
    // Live: a second later it says less.
    await page.waitForFunction((before) => !document.body.innerText.includes(before), first, { timeout: 5_000 });
    await saveScreenshot(page, 'auth-locked-1280');
    await closeAll();
  });
});
