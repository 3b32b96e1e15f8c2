/**
 * Sign-in by QR (issue 39), in Chromium against the built server: a desktop's Login shows a code; a
 * second browser, a phone signed in to Kirish whose camera is Chromium's fake capture fed with a frame
 * of the desktop's code, reads it on /personal/qr-scanner, picks the number the desktop shows and
 * approves; the desktop lands on Home as the phone's account. Axe clean; screenshots at 1280 and 375 px.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bothWidths, useAccountPages } from '../support/account-pages.js';
import { axeViolations } from '../support/axe.js';
import { launchBrowser, newPageFor } from '../support/browser.js';
import { expectHome, registerByPhone, text, waitForHeading, waitForLive } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish('127.0.0.1');
const { newAccount, signedInPage } = useAccountPages(kirish, 907791500);

let dir: string;
let camera: string;
let phoneBrowser: Browser;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kirish-qr-'));
  // Chromium opens the file when the page opens the camera: the test writes the desktop's code into it before.
  camera = join(dir, 'camera.mjpeg');
  phoneBrowser = await launchBrowser([], { fakeCamera: camera });
}, 60_000);

afterAll(async () => {
  await phoneBrowser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('sign-in by QR', () => {
  it('a signed-in phone reads the desktop’s code with its camera, picks the number, and the desktop is signed in', async () => {
    const account = newAccount('Dilnoza');
    const phone = await newPageFor(phoneBrowser, { width: 375, locale: 'en-US' });
    await registerByPhone(phone.page, kirish.server.origin, account);
    await expectHome(phone.page, account.firstName);

    const desktop = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await desktop.page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(desktop.page, text('login_title'));
    await waitForLive(desktop.page);
    // By keyboard: the entry takes the focus, and Enter opens the step.
    await desktop.page.getByRole('button', { name: text('qr_sign_in'), exact: true }).focus();
    await desktop.page.keyboard.press('Enter');
    await waitForHeading(desktop.page, text('qr_title'));
    const code = desktop.page.getByRole('img', { name: text('qr_code_label') });
    await code.locator('path').waitFor();
    const pick = (await desktop.page.locator('.qr-step-number').innerText()).trim();
    const number = /(\d\d)/.exec(pick)?.[1] ?? '';
    expect(pick).toBe(text('qr_pick_number', { number }));
    expect(await axeViolations(desktop.page)).toEqual([]);
    // The code is kept under bg: a reload shows the same number.
    await desktop.page.reload();
    await code.locator('path').waitFor();
    expect((await desktop.page.locator('.qr-step-number').innerText()).trim()).toBe(pick);
    await bothWidths(desktop.page, 'qr-sign-in-desktop');

    // The phone's camera sees the desktop's code: a few JPEG frames of it, one motion-JPEG file.
    const frame = await code.screenshot({ type: 'jpeg', quality: 95 });
    writeFileSync(camera, Buffer.concat([frame, frame, frame, frame]));
    await phone.page.goto(`${kirish.server.origin}/personal/qr-scanner`);
    await waitForHeading(phone.page, text('qr_scanner_details_title'));
    await desktop.page.getByText(text('qr_scanned'), { exact: true }).waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);
    await phone.page.setViewportSize({ width: 1280, height: 800 });
    await bothWidths(phone.page, 'qr-sign-in-phone');
    await phone.page.setViewportSize({ width: 375, height: 800 });

    const numbers = phone.page.locator('.qr-scanner-numbers button');
    expect(await numbers.count()).toBe(3);
    expect(await numbers.allInnerTexts()).toContain(number);
    await phone.page.getByRole('button', { name: number, exact: true }).focus();
    await phone.page.keyboard.press('Enter');
    await phone.page.getByText(text('qr_scanner_approved'), { exact: true }).waitFor();

    await expectHome(desktop.page, account.firstName);
    expect(await desktop.page.evaluate(() => localStorage.getItem('bg'))).toBeNull();
    expect(desktop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });

  it('opened from the phone camera app’s URL it skips scanning; a wrong number ends the request on both screens', async () => {
    const account = newAccount('Sardor');
    const phone = await newPageFor(phoneBrowser, { width: 375, locale: 'en-US' });
    await registerByPhone(phone.page, kirish.server.origin, account);
    await expectHome(phone.page, account.firstName);

    const desktop = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await desktop.page.goto(`${kirish.server.origin}/login`);
    // The prerendered page's button does nothing until its script has taken over.
    await waitForLive(desktop.page);
    await desktop.page.getByRole('button', { name: text('qr_sign_in'), exact: true }).click();
    await waitForHeading(desktop.page, text('qr_title'));
    const code = desktop.page.getByRole('img', { name: text('qr_code_label') });
    await code.locator('path').waitFor();
    const held = JSON.parse((await desktop.page.evaluate(() => localStorage.getItem('bg'))) ?? '{}') as {
      qr: string;
      number: string;
    };
    // What the QR holds is the scanner's URL on this origin, the request's id in its fragment.
    expect(held.qr).toMatch(new RegExp(`^${kirish.server.origin}/personal/qr-scanner#[\\w-]{22,}$`));

    await phone.page.goto(held.qr);
    await waitForHeading(phone.page, text('qr_scanner_details_title'));
    // The id is taken out of the address once read.
    expect(new URL(phone.page.url()).hash).toBe('');
    const wrong = (await phone.page.locator('.qr-scanner-numbers button').allInnerTexts()).find(
      (n) => n !== held.number,
    );
    await phone.page.getByRole('button', { name: wrong, exact: true }).click();
    await phone.page.getByText(text('qr_scanner_mismatch'), { exact: true }).waitFor();
    expect(await axeViolations(phone.page)).toEqual([]);

    await desktop.page.getByText(text('qr_denied'), { exact: true }).waitFor();
    await desktop.page.getByRole('button', { name: text('qr_new_code'), exact: true }).waitFor();
    expect(await desktop.page.evaluate(() => localStorage.getItem('bg'))).toBeNull();
    expect(await axeViolations(desktop.page)).toEqual([]);
    expect(desktop.errors).toEqual([]);
    expect(phone.errors).toEqual([]);
  });

  it('on a device without a camera, the scanner says so and what to do instead', async () => {
    const account = newAccount('Kamola');
    const { page, errors } = await signedInPage(account, 375);
    // The tests' usual browser has no camera (no fake device): getUserMedia answers NotFoundError.
    await page.goto(`${kirish.server.origin}/personal/qr-scanner`);
    await page.getByText(text('qr_scanner_no_camera'), { exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    // The empty layout has no header: the page itself offers the way back.
    await page.getByRole('link', { name: text('qr_scanner_home'), exact: true }).click();
    await page.waitForURL(`${kirish.server.origin}/`);
    expect(errors).toEqual([]);
  });
});
