/**
 * Identity validation (issue 38), in Chromium against the built server: a signed-in person reads what
 * verification gives and needs, asks for it (in moderation, with when to expect the answer), and sees
 * `verified` once support decides through the operator API. Screenshots at 1280 and 375 px; axe clean.
 */
import Database from 'better-sqlite3';
import { decodeQR } from 'qr/decode.js';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe.js';
import { bothWidths, useAccountPages } from '../support/account-pages.js';
import { text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const ADMIN_TOKEN = 'e2e-validation-operator-token-of-32-chars';
const kirish = useRunningKirish('127.0.0.1', { ADMIN_TOKEN });
const { newAccount, signedInPage } = useAccountPages(kirish, 907791000);

function userIdOf(phone: string): string {
  const db = new Database(kirish.databasePath, { readonly: true });
  try {
    return (db.prepare('SELECT id FROM users WHERE phone = ?').get(phone) as { id: string }).id;
  } finally {
    db.close();
  }
}

describe('the validation page', () => {
  it('moves an account from not verified to in moderation to verified', async () => {
    const account = newAccount('Malika');
    const { page, errors } = await signedInPage(account);
    // From the profile's verification row (/personal), where the status shows.
    await page.goto(`${kirish.server.origin}/personal`);
    await page.getByRole('link', { name: text('verification_title') }).click();
    await waitForHeading(page, text('verification_title'));
    await page.getByText(text('verification_not_verified_text'), { exact: true }).waitFor();
    const appLink = page.getByRole('link', { name: text('validation_open_app'), exact: true });
    const appHref = (await appLink.getAttribute('href')) ?? '';
    expect(new URL(appHref).searchParams.get('app')).toBe('kirish');
    // On a computer the same link is drawn as a QR for the phone's camera: read back from the pixels.
    const qr = page.getByRole('img', { name: text('validation_qr_label'), exact: true });
    await page.waitForFunction(() => document.querySelector('.qr-code path') !== null);
    const { data, info } = await sharp(await qr.screenshot())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(decodeQR({ width: info.width, height: info.height, data: new Uint8Array(data) })).toBe(appHref);
    // A phone follows the link instead; by default it opens Kirish's own guide in the phone layout.
    await page.setViewportSize({ width: 375, height: 800 });
    expect(await qr.isVisible()).toBe(false);
    expect(await appLink.isVisible()).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    const guide = await page.context().newPage();
    await guide.goto(appHref);
    await waitForHeading(guide, 'Confirming your identity');
    expect(await guide.locator('footer, header').count()).toBe(0);
    await guide.close();
    expect(await axeViolations(page)).toEqual([]);
    await bothWidths(page, 'validation-not-verified');

    // By keyboard: the request button takes the focus and Enter presses it.
    await page.getByRole('button', { name: text('validation_request'), exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(text('verification_in_moderation_text'), { exact: true }).waitFor();
    expect(await page.locator('.validation').innerText()).toMatch(/Expect an answer by \d\d\.\d\d\.\d{4} \d\d:\d\d\./);
    expect(await axeViolations(page)).toEqual([]);
    await bothWidths(page, 'validation-in-moderation');

    const decided = await fetch(
      `${kirish.server.origin}/common/api/v1/operator/validation/${userIdOf(account.phone)}/`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'verified' }),
      },
    );
    expect(decided.status).toBe(200);
    await page.reload();
    await page.getByText(text('verification_verified_text'), { exact: true }).waitFor();
    await page.goto(`${kirish.server.origin}/personal`);
    await page.getByText(text('verification_verified_text'), { exact: true }).waitFor();
    await page.goto(`${kirish.server.origin}/validation`);
    await waitForHeading(page, text('verification_title'));
    expect(await page.getByRole('button', { name: text('validation_request'), exact: true }).count()).toBe(0);
    await bothWidths(page, 'validation-verified');
    expect(errors).toEqual([]);
  });
});
