/**
 * Issue 41, two-step verification in Security: turned on with an authenticator app (its code computed
 * here from the secret the page shows, RFC 6238), the ten recovery codes shown once, the overview's
 * row saying On, then turned off behind a question and a fresh proof.
 */
import { describe, expect, it } from 'vitest';
import { bothWidths, securityRow } from '../support/account-pages.js';
import { registerOverApi, signedInTab, type ApiAccount } from '../support/api-accounts.js';
import { axeViolations } from '../support/axe.js';
import { codeBox, text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { proveWithPassword, totp } from '../support/two-step.js';

const kirish = useRunningKirish();

describe('two-step verification in Security', () => {
  it('turns on with an authenticator app, shows ten recovery codes once, says On, and turns off', async () => {
    const account: ApiAccount = {
      phone: '+998907842001',
      firstName: 'Sevara',
      lastName: 'Sodiqova',
      password: 'Xiva-Ichanqala-7842',
    };
    await registerOverApi(kirish.server.origin, account);
    const { page, context, errors } = await signedInTab(kirish.browser, kirish.server.origin, account);

    // From the overview's row, Off, to its page.
    await page.goto(`${kirish.server.origin}/security`);
    await waitForHeading(page, text('section_security'));
    const row = securityRow(page, 'security_group_sign_in', text('security_two_step_title'));
    await row.locator('.badge', { hasText: text('login_method_off') }).waitFor();
    await row.click();
    await waitForHeading(page, text('security_two_step_title'));
    expect(new URL(page.url()).pathname).toBe('/security/two-step/');
    await page.getByRole('button', { name: text('security_two_step_turn_on'), exact: true }).click();
    await proveWithPassword(page, account.password, text('security_two_step_turn_on'));

    // The setup: a QR and the secret in fours; a wrong code is refused beside the field.
    await waitForHeading(page, text('security_two_step_setup_title'));
    const shown = await page.locator('.totp-secret').innerText();
    expect(shown).toMatch(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/);
    await page.getByRole('img', { name: text('security_two_step_setup_qr_label') }).waitFor();
    await bothWidths(page, 'two-step-setup');
    expect(await axeViolations(page)).toEqual([]);
    const right = totp(shown);
    const wrong = right === '000000' ? '111111' : '000000';
    await codeBox(page).fill(wrong);
    await page.getByText(text('code_not_valid')).waitFor();
    await codeBox(page).fill(right);

    // The ten recovery codes, shown this once, with the focus on them.
    const codes = page.getByRole('region', { name: text('security_two_step_codes_title') });
    await codes.waitFor();
    expect(await codes.locator('li code').allInnerTexts()).toHaveLength(10);
    for (const code of await codes.locator('li code').allInnerTexts())
      expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(await page.evaluate(() => document.activeElement?.classList.contains('recovery-codes'))).toBe(true);
    await bothWidths(page, 'two-step-codes');
    expect(await axeViolations(page)).toEqual([]);
    await codes.getByRole('button', { name: text('security_two_step_codes_saved'), exact: true }).click();

    // On: ten codes left, said once the codes are put away; the overview says On.
    await page.getByText(text('security_two_step_turned_on')).waitFor();
    await page.getByText(text('security_two_step_codes_left', { n: '10' })).waitFor();
    expect(await codes.count()).toBe(0);
    await bothWidths(page, 'two-step-on');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: `← ${text('section_security')}`, exact: true }).click();
    await waitForHeading(page, text('section_security'));
    await row.locator('.badge', { hasText: text('login_method_on') }).waitFor();
    await row.click();
    await waitForHeading(page, text('security_two_step_title'));

    // Off: the question first (by keyboard), then a fresh proof.
    await page.getByRole('button', { name: text('security_two_step_turn_off'), exact: true }).focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('group', { name: text('security_two_step_off_confirm') });
    await question.getByRole('button', { name: text('security_two_step_turn_off'), exact: true }).click();
    await proveWithPassword(page, account.password, text('security_two_step_turn_off'));
    await page.getByText(text('security_two_step_turned_off')).waitFor();
    await page.getByRole('button', { name: text('security_two_step_turn_on'), exact: true }).waitFor();

    await context.close();
    expect(errors).toEqual([]);
  }, 90_000);
});
