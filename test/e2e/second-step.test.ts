/**
 * Issue 41, the second step on the Login page: an account with two-step verification on (turned on
 * over the API, the test acting as the authenticator app) signs in with its password, meets the step,
 * a wrong code is said beside the field, the app's code signs in; a recovery code signs in too.
 */
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { saveScreenshot } from '../support/browser.js';
import { expectHome, national, passwordSignIn, text, waitForHeading } from '../support/flows.js';
import { phoneNumbers, usePagePool } from '../support/page-pool.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { totp, twoStepOverApi } from '../support/two-step.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);
const newPhone = phoneNumbers(905640000);
const PASSWORD = 'Second-step-41!';
const STEP_MS = 30_000;

/** An account with two-step on (test/support/two-step.ts), with a phone of this file's. */
const twoStepAccount = () => twoStepOverApi(kirish.server.origin, newPhone(), PASSWORD);

describe('the second step (issue 41)', () => {
  it('a password meets the step; a wrong code is said beside the field; the app code signs in', async () => {
    const account = await twoStepAccount();
    const { page } = await freshPage();
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    // The other ways in stand under the form, and not under the step that asks for one thing.
    const providers = page.getByRole('navigation', { name: text('sign_in_providers') });
    await providers.waitFor();
    await passwordSignIn(page, national(account.phone), PASSWORD);
    await waitForHeading(page, text('second_step_title'));
    await page.getByText(text('second_step_totp_hint')).waitFor();
    await providers.waitFor({ state: 'hidden' });
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'second-step-totp-1280');

    // The code used to turn the app on is spent (RFC 6238 §5.2: never twice); the next step's is in the window.
    const next = totp(account.secret, account.confirmedAt + STEP_MS);
    const near = [-1, 0, 1, 2].map((steps) => totp(account.secret, account.confirmedAt + steps * STEP_MS));
    const wrong = ['000000', '111111', '222222'].find((code) => !near.includes(code)) ?? '333333';
    const first = page.getByLabel(text('code_digit', { n: '1', total: '6' }), { exact: true });
    await first.click();
    await page.keyboard.type(wrong);
    await page.getByText(text('code_not_valid')).waitFor();
    expect(page.url()).toContain('/login');
    await saveScreenshot(page, 'second-step-wrong-code-1280');

    await first.click();
    await page.keyboard.type(next);
    await expectHome(page, 'Sardor');
    await closeAll();
  });

  it('a recovery code signs in instead, by keyboard, at 375 px; Back leads to the form', async () => {
    const account = await twoStepAccount();
    const { page } = await freshPage(375);
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await passwordSignIn(page, national(account.phone), PASSWORD);
    await waitForHeading(page, text('second_step_title'));
    await saveScreenshot(page, 'second-step-totp-375');

    await page.getByRole('button', { name: text('back'), exact: true }).click();
    await waitForHeading(page, text('login_password_title'));
    await page.getByLabel(text('password_label'), { exact: true }).fill(PASSWORD);
    await page.keyboard.press('Enter');
    await waitForHeading(page, text('second_step_title'));

    const useRecovery = page.getByRole('button', { name: text('second_step_use_recovery'), exact: true });
    await useRecovery.focus();
    await page.keyboard.press('Enter');
    const field = page.getByLabel(text('second_step_recovery_label'), { exact: true });
    await field.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'second-step-recovery-375');
    await field.fill((account.recovery[0] ?? '').toUpperCase());
    await page.keyboard.press('Enter');
    await expectHome(page, 'Sardor');
    await closeAll();
  });
});
