/**
 * Issue 35, identifier-first sign-in: one field for a phone or an e-mail and Continue; the second
 * stage's account chip, password and "Try another way"; "Not you?"; the segmented code input that
 * sends itself once at the last digit, pasted; and Browser Back on sign-up's code step.
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
const newPhone = phoneNumbers(905610000);
const grouped = (phone: string) => national(phone).replace(/^(\d\d)(\d{3})(\d\d)(\d\d)$/, '$1 $2 $3 $4');

describe('identifier-first sign-in (issue 35)', () => {
  it('phone, Continue, the account chip, the password, Home; and the address keeps no user_uuid', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await continueWith(page, national(DEMO_ACCOUNT.phone));
    await waitForHeading(page, text('login_password_title'));
    // The chip names the account by its contact, masked as the product masks contacts.
    await page
      .locator('.account-chip')
      .getByText(`+998 90 *** ** ${DEMO_ACCOUNT.phone.slice(-2)}`)
      .waitFor();
    expect(await page.getByRole('button', { name: text('not_you'), exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'auth-identifier-password-1280');
    await page.getByLabel(text('password_label'), { exact: true }).fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: text('sign_in'), exact: true }).click();
    await expectHome(page, DEMO_ACCOUNT.firstName);
    await page.waitForURL((url) => url.pathname === '/');
    expect(new URL(page.url()).searchParams.has('user_uuid')).toBe(false);
    await closeAll();
  });

  it('e-mail, Continue, Try another way, a code by e-mail pasted into the boxes: Home, the code sent once', async () => {
    const { page } = await freshPage(375);
    const logins: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/login/LoginOtp/')) logins.push(request.url());
    });
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await continueWith(page, DEMO_ACCOUNT.email);
    await page.getByRole('button', { name: text('try_another_way'), exact: true }).click();
    await waitForHeading(page, text('login_ways_title'));
    // An e-mail offers its own way only: no SMS, no call.
    expect(await page.getByRole('button', { name: text('get_code_sms'), exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: text('get_code_email'), exact: true }).click();
    await waitForHeading(page, text('code_title_email'));
    const first = codeBox(page);
    await first.waitFor();
    expect(await page.getByRole('group', { name: text('code_label'), exact: true }).count()).toBe(1);
    expect(await page.getByLabel(text('code_digit', { n: '6', total: '6' }), { exact: true }).count()).toBe(1);
    await saveScreenshot(page, 'auth-code-boxes-375');
    const code = await latestCode(kirish.server.origin, DEMO_ACCOUNT.email);
    // A paste into the third box: the whole code spreads over every box and sends itself.
    await page.getByLabel(text('code_digit', { n: '3', total: '6' }), { exact: true }).evaluate((box, pasted) => {
      const data = new DataTransfer();
      data.setData('text', pasted);
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, code);
    await expectHome(page, DEMO_ACCOUNT.firstName);
    expect(logins).toHaveLength(1);
    await closeAll();
  });

  it('"Not you?" goes back to the field with what was typed kept', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await continueWith(page, national(DEMO_ACCOUNT.phone));
    await waitForHeading(page, text('login_password_title'));
    await page.getByRole('button', { name: text('not_you'), exact: true }).click();
    await waitForHeading(page, text('login_title'));
    expect(await page.getByLabel(text('phone_or_email_label'), { exact: true }).inputValue()).toBe(
      grouped(DEMO_ACCOUNT.phone),
    );
    await closeAll();
  });

  it('says a contact with no account has none, with the way to create one', async () => {
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await continueWith(page, 'nobody-here@example.uz');
    await page.getByText(text('user_not_found_email'), { exact: true }).waitFor();
    await page.getByRole('link', { name: text('sign_up'), exact: true }).click();
    await waitForHeading(page, text('register_title'));
    expect(new URL(page.url()).pathname).toBe('/register');
    await closeAll();
  });
});

describe("Browser Back on sign-up's code step (issue 35)", () => {
  it('returns to the number, kept, on the same page', async () => {
    const { page } = await freshPage();
    const phone = newPhone();
    await page.goto(`${kirish.server.origin}/register`);
    await waitForHeading(page, text('register_title'));
    await page.getByLabel(text('phone_label'), { exact: true }).fill(national(phone));
    await page.getByRole('button', { name: text('get_code_sms'), exact: true }).click();
    await waitForHeading(page, text('code_title_phone'));
    await page.goBack();
    await waitForHeading(page, text('register_title'));
    expect(new URL(page.url()).pathname).toBe('/register');
    expect(await page.getByLabel(text('phone_label'), { exact: true }).inputValue()).toBe(grouped(phone));
    await closeAll();
  });

  it('after a code sign-in of a new account, Home has no user_uuid in its address', async () => {
    const phone = newPhone();
    await apiClient(kirish.server.origin).registerByPhone(phone, 'Chorsu-bozori-2026');
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await continueWith(page, national(phone));
    await page.getByRole('button', { name: text('try_another_way'), exact: true }).click();
    await page.getByRole('button', { name: text('get_code_call'), exact: true }).click();
    await waitForHeading(page, text('code_title_phone'));
    await codeBox(page).fill(await latestCode(kirish.server.origin, phone));
    await expectHome(page, 'Sardor');
    expect(new URL(page.url()).search).toBe('');
    await closeAll();
  });
});
