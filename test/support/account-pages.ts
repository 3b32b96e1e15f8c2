/**
 * What the account pages' browser tests share: new accounts, a signed-in page, a second device,
 * screenshots at two widths, the dev outbox's count, and the check that a device was signed out.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPageFor, saveScreenshot, type TestPage } from './browser.js';
import { expectHome, registerByPhone, signInWithPassword, text, waitForHeading, type NewAccount } from './flows.js';
import type { RunningKirish } from './running-kirish.js';

/** Screenshots at 1280 and 375 px; at 375 and at 320 nothing may stick out sideways. */
export async function bothWidths(page: Page, name: string): Promise<void> {
  await saveScreenshot(page, `${name}-1280`);
  await page.setViewportSize({ width: 375, height: 800 });
  await saveScreenshot(page, `${name}-375`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The rows of the active sessions page (this device first); a row's confirmation is no row of its own. */
export const sessionRows = (page: Page) =>
  page.getByRole('list', { name: text('sessions_title') }).locator(':scope > .row-item');

/** A row of /security's group (its heading's key), by the label it starts with: the row's link. */
export const securityRow = (page: Page, group: string, label: string) =>
  page.getByRole('region', { name: text(group) }).getByRole('link', { name: new RegExp(`^${label}`) });

export function useAccountPages(kirish: RunningKirish, firstPhone = 907770000) {
  let phoneSeed = firstPhone;
  /** A phone number no other test of the file uses. */
  const nextPhone = () => `+998${++phoneSeed}`;
  /** The number of the last phone given out: unique e-mail addresses for the same test. */
  const lastSeed = () => phoneSeed;
  const newAccount = (firstName: string): NewAccount => ({
    phone: nextPhone(),
    firstName,
    lastName: 'Sodiqova',
    password: `Navoiy-kochasi-${phoneSeed}`,
  });

  async function signedInPage(account: NewAccount, width = 1280): Promise<TestPage> {
    const page = await newPageFor(kirish.browser, { width, locale: 'en-US' });
    await registerByPhone(page.page, kirish.server.origin, account);
    await expectHome(page.page, account.firstName);
    return page;
  }

  async function secondDevice(account: NewAccount): Promise<TestPage> {
    const device = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await device.page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(device.page, account.phone, account.password);
    await expectHome(device.page, account.firstName);
    return device;
  }

  /** How many messages the dev outbox holds for `to`. */
  async function outboxSize(to: string): Promise<number> {
    const response = await fetch(`${kirish.server.origin}/dev/outbox?to=${encodeURIComponent(to)}`, {
      headers: { Accept: 'application/json' },
    });
    return ((await response.json()) as unknown[]).length;
  }

  /** The second device's next call needs a refresh, which the ended session no longer gets: Login. */
  async function expectSignedOut(page: Page): Promise<void> {
    // An access token lives 15 minutes; dropping it makes the next call refresh, as it would then.
    await page.evaluate(() => localStorage.setItem('active_session', 'expired'));
    await page.goto(`${kirish.server.origin}/personal`);
    await waitForHeading(page, text('login_title'));
    expect(await page.evaluate(() => localStorage.getItem('active_re_session'))).toBeNull();
  }

  return { newAccount, nextPhone, lastSeed, signedInPage, secondDevice, outboxSize, expectSignedOut };
}
