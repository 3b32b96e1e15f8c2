/**
 * Signing up and in on the account site, in Debian's Chromium against the built server on a fresh
 * database: what a newcomer does after `npm start` (issue 3, "Done means").
 * What the site sends with a sign-in, and keyboard use: sign-in-request-and-keyboard.test.ts.
 */
import { describe, expect, it } from 'vitest';
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import type { Page } from 'playwright-core';
import { appUserinfoStatus, letDemoAppIn } from '../support/demo-app.js';
import {
  codeBox,
  continueWith,
  EN,
  addAccountFromMenu,
  expectHome,
  national,
  registerByPhone,
  signInWithPassword,
  signOutFromMenu,
  text,
  waitForHeading,
} from '../support/flows.js';
import { latestCode } from '../support/outbox.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { usePagePool, phoneNumbers } from '../support/page-pool.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);
const newPhone = phoneNumbers();

/** The names the account chooser on Login lists; there are at least two. */
async function chooserNames(on: Page): Promise<string[]> {
  await waitForHeading(on, text('choose_account'));
  await on.locator('.account-list button.account').nth(1).waitFor();
  return (await on.locator('.account-list .account-name').allInnerTexts()).map((name) => name.trim()).toSorted();
}

describe('a newcomer on the account site', () => {
  it('registers by phone with the code from the dev outbox and lands on Home', async () => {
    const { page } = await freshPage();
    const account = { phone: newPhone(), firstName: 'Dilnoza', lastName: 'Rahimova', password: 'Chorsu-bozori-2026' };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.getByRole('main').innerText()).toContain('+998 90 555 00 01');
    // The Home screen links every section that exists, and none that is still to come (issue 12).
    for (const key of [
      'section_personal',
      'section_security',
      'section_payments',
      'section_reviews',
      'section_hissa',
    ]) {
      const link = page
        .getByRole('main')
        .getByRole('link', { name: `${text(key)} ${text(`${key}_hint`)}`, exact: true });
      expect(await link.count(), key).toBe(1);
    }
    for (const key of ['section_help']) expect(await page.getByRole('main').getByText(text(key)).count(), key).toBe(0);
    await closeAll();
  });

  it('registers by phone with an e-mail too, which the profile then holds', async () => {
    const { page } = await freshPage();
    const account = {
      phone: newPhone(),
      firstName: 'Sardor',
      lastName: 'Aliyev',
      password: 'Amir-Temur-xiyoboni-26',
      email: 'sardor.aliyev@example.uz',
    };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);
    const profile = await page.evaluate(async () => {
      const response = await fetch('/sso/api/v1/user/MyProfile', {
        headers: { Authorization: `Bearer ${localStorage.getItem('active_session')}` },
      });
      return (await response.json()) as { phone: string; email: string };
    });
    expect(profile).toMatchObject({ phone: account.phone, email: account.email });
    await closeAll();
  });

  it('resets a forgotten password with a code, then signs in with the new one; the apps let in are signed out, and the confirmation says so', async () => {
    const { page } = await freshPage();
    const account = { phone: newPhone(), firstName: 'Nodira', lastName: 'Qodirova', password: 'Eski-parol-Xiva-2026' };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);
    const app = await letDemoAppIn(kirish.server, page);
    await signOutFromMenu(page);

    // Forgot password is on the second stage, under the password it is about.
    await continueWith(page, national(account.phone));
    await page.getByRole('link', { name: text('forgot_password'), exact: true }).click();
    await waitForHeading(page, text('reset_title'));
    await page.getByLabel(text('phone_label'), { exact: true }).fill(national(account.phone));
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    // The code step shows once the code was sent; read before, the outbox's newest is still the sign-up's code.
    await codeBox(page).waitFor();
    // Six digits send the code step by itself (issue 12).
    await codeBox(page).fill(await latestCode(kirish.server.origin, account.phone));
    const newPassword = 'Yangi-parol-Termiz-2026';
    await page.getByLabel(text('new_password_label'), { exact: true }).fill(newPassword);
    await page.getByLabel(text('repeat_password_label'), { exact: true }).fill(newPassword);
    // Signing out of the apps too is offered, ticked (OWASP ASVS 5.0 §7.4.3).
    expect(await page.getByRole('checkbox', { name: text('security_end_app_sessions'), exact: true }).isChecked()).toBe(
      true,
    );
    expect(await appUserinfoStatus(kirish.server, app)).toBe(200);
    await page.getByRole('button', { name: text('save'), exact: true }).click();
    await page
      .getByText(`${text('password_changed')} ${text('app_sessions_ended_count_one', { n: '1' })}`, { exact: true })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await appUserinfoStatus(kirish.server, app)).toBe(401);

    await signInWithPassword(page, account.phone, account.password);
    await page.getByText(text('invalid_credentials'), { exact: true }).waitFor();
    await page.getByLabel(text('password_label'), { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: text('sign_in'), exact: true }).click();
    await expectHome(page, account.firstName);
    await closeAll();
  });

  it('signs out, then back in with the password, then with a one-time code', async () => {
    const { page } = await freshPage();
    const account = { phone: newPhone(), firstName: 'Jasur', lastName: 'Toshev', password: 'Registon-maydoni-2026' };
    await registerByPhone(page, kirish.server.origin, account);
    await expectHome(page, account.firstName);

    await signOutFromMenu(page);
    await waitForHeading(page, text('login_title'));
    expect(
      await page.evaluate(() => [localStorage.getItem('active_session'), localStorage.getItem('active_re_session')]),
    ).toEqual([null, null]);
    // Signed out, Home is closed: the guard sends the visitor to Login.
    await page.goto(`${kirish.server.origin}/`);
    await waitForHeading(page, text('login_title'));
    expect(new URL(page.url()).pathname).toBe('/login');

    await signInWithPassword(page, account.phone, account.password);
    await expectHome(page, account.firstName);
    await signOutFromMenu(page);
    await waitForHeading(page, text('login_title'));

    await continueWith(page, national(account.phone));
    await page.getByRole('button', { name: text('try_another_way'), exact: true }).click();
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    const code = codeBox(page);
    await code.waitFor();
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    // The code-sent toast, and the resend countdown.
    await page.getByText(text('code_send_to_phone', { to: `+998 90 *** ** ${account.phone.slice(-2)}` })).waitFor();
    await page
      .getByText(/\d:\d\d/)
      .first()
      .waitFor();
    await code.fill(await latestCode(kirish.server.origin, account.phone));
    await expectHome(page, account.firstName);
    await closeAll();
  });

  it('is told in a sentence, beside the password, that the password is wrong', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, 'not-the-password-2026');
    const field = page.getByLabel(text('password_label'), { exact: true });
    await page.getByText(text('invalid_credentials'), { exact: true }).waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').pop()}"]`).innerText()).toBe(text('invalid_credentials'));
    expect(new URL(page.url()).pathname).toBe('/login');
    await closeAll();
  });

  it('switches between two accounts of this device without a password', async () => {
    const { page } = await freshPage();
    const first = { phone: newPhone(), firstName: 'Malika', lastName: 'Yusupova', password: 'Bibi-Xonim-2026-bahor' };
    await registerByPhone(page, kirish.server.origin, first);
    await expectHome(page, first.firstName);

    // A second account on the same device: the chooser offers "another account".
    await addAccountFromMenu(page);
    await waitForHeading(page, text('choose_account'));
    await page.getByRole('button', { name: text('use_another_account'), exact: true }).click();
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await expectHome(page, DEMO_ACCOUNT.firstName);

    // Both are listed; picking the first resumes it with no password asked.
    await addAccountFromMenu(page);
    await waitForHeading(page, text('choose_account'));
    const accounts = page.locator('.account-list button.account');
    expect(await accounts.count()).toBe(2);
    await page.getByRole('button', { name: new RegExp(`${first.firstName} ${first.lastName}`) }).click();
    await expectHome(page, first.firstName);
    await addAccountFromMenu(page);
    await page.getByRole('button', { name: new RegExp(`${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}`) }).click();
    await expectHome(page, DEMO_ACCOUNT.firstName);

    // Signing one out takes it off the list; Login says who left and offers the other (docs/product.md §3 step logout).
    await signOutFromMenu(page);
    await waitForHeading(page, text('signed_out_of', { name: `${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}` }));
    await page.getByText(text('signed_out_choose'), { exact: true }).waitFor();
    expect(await accounts.count()).toBe(1);
    expect(await accounts.first().innerText()).toContain(`${first.firstName} ${first.lastName}`);
    await page.getByRole('button', { name: text('use_another_account'), exact: true }).waitFor();
    await closeAll();
  });

  it("lists both saved accounts in the chooser after a reload and in a new tab; another browser sending this device's id sees none of them", async () => {
    const { page, context } = await freshPage();
    const first = { phone: newPhone(), firstName: 'Zilola', lastName: 'Karimova', password: 'Registon-maydoni-2026' };
    await registerByPhone(page, kirish.server.origin, first);
    await expectHome(page, first.firstName);
    await addAccountFromMenu(page);
    await page.getByRole('button', { name: text('use_another_account'), exact: true }).click();
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await expectHome(page, DEMO_ACCOUNT.firstName);

    // A later visit: the active sign-in is gone, the two saved sessions (session_{uuid}) stay. Login
    // lists the device's accounts through one of them, which the server answers for this browser's
    // device cookie.
    await page.evaluate(() => {
      localStorage.removeItem('active_session');
      localStorage.removeItem('active_re_session');
    });
    const both = [
      `${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}`,
      `${first.firstName} ${first.lastName}`,
    ].toSorted();
    await page.goto(`${kirish.server.origin}/login`);
    expect(await chooserNames(page)).toEqual(both);
    await page.reload();
    expect(await chooserNames(page)).toEqual(both);
    const tab = await context.newPage();
    await tab.goto(`${kirish.server.origin}/login`);
    expect(await chooserNames(tab)).toEqual(both);
    // Picking one in the new tab resumes it.
    await tab.getByRole('button', { name: new RegExp(`${first.firstName} ${first.lastName}`) }).click();
    await expectHome(tab, first.firstName);
    // The device is an HttpOnly cookie no script can read (docs/decisions.md, Hardening).
    expect(await page.evaluate(() => document.cookie)).not.toContain('kirish_device');
    // Chromium keeps `__Host-` cookies (Secure, Path=/, no Domain) from http://127.0.0.1, a secure
    // context; the chooser above listed both accounts through it (docs/decisions.md, "The device behind the account chooser").
    // Not the sign-in binding that Login's passkey autofill may have set by now (issue 41): a challenge's, not the device's.
    const kept = (await context.cookies()).filter(
      (cookie) => cookie.name.startsWith('__Host-kirish_') && cookie.name !== '__Host-kirish_sign_in',
    );
    expect(
      kept
        .map(({ name, path, secure, httpOnly, sameSite }) => ({ name, path, secure, httpOnly, sameSite }))
        .toSorted((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: '__Host-kirish_device', path: '/', secure: true, httpOnly: true, sameSite: 'Strict' },
      { name: '__Host-kirish_idp', path: '/', secure: true, httpOnly: true, sameSite: 'None' },
    ]);

    // Someone else, in another browser, copies this device's id (cmmtuuid, readable by scripts) and
    // signs in with it: the server lists them their own account only.
    const deviceId = (await context.cookies()).find((cookie) => cookie.name === 'cmmtuuid')?.value ?? '';
    expect(deviceId).not.toBe('');
    const other = await freshPage();
    await other.context.addCookies([{ name: 'cmmtuuid', value: deviceId, url: kirish.server.origin }]);
    const stranger = { phone: newPhone(), firstName: 'Begzod', lastName: 'Olimov', password: 'Chimyon-togi-2026' };
    await registerByPhone(other.page, kirish.server.origin, stranger);
    await expectHome(other.page, stranger.firstName);
    const listed = await other.page.evaluate(async (id) => {
      const response = await fetch('/sso/api/v1/user/deviceprofile/DeviceProfileList', {
        headers: { Authorization: `Bearer ${localStorage.getItem('active_session')}`, 'Device-Id': id },
      });
      return ((await response.json()) as { first_name: string }[]).map((profile) => profile.first_name);
    }, deviceId);
    expect(listed).toEqual([stranger.firstName]);
    await tab.close();
    await closeAll();
  });

  it('switches the site to Russian from the language switcher', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await page.getByLabel(text('choose_language'), { exact: true }).selectOption('ru');
    await waitForHeading(page, ru.login_title);
    expect(await page.getByRole('button', { name: ru.continue, exact: true }).count()).toBe(1);
    expect(
      await page.evaluate(() => [
        document.documentElement.lang,
        localStorage.getItem('locale'),
        document.cookie.includes('_locale=ru'),
      ]),
    ).toEqual(['ru', 'ru', true]);
    // It is remembered: a reload stays in Russian.
    await page.reload();
    await waitForHeading(page, ru.login_title);
    // And the `language` query switches it too.
    await page.goto(`${kirish.server.origin}/login?language=en`);
    await waitForHeading(page, EN.login_title ?? '');
    await closeAll();
  });
});
