/**
 * The widget after a sign-in (issue 35): on the demo partner (http://127.0.0.1) the frame no longer
 * keeps the whole form beside a page that says "Signed in": it redraws itself as one compact row,
 * "Signed in as <name>", at a small height, and the page hears `kirish:compact` once — after a
 * sign-in in the frame and after one through the browser's FedCM, which the frame never sees.
 * "Use another account" brings the form back with a new request. The tests run in order: the first
 * gives the consent the second finds remembered.
 */
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { newPageFor, pressInFrame, saveScreenshot } from '../support/browser.js';
import { axeViolations } from '../support/axe.js';
import { watchFedCmDialogs } from '../support/fedcm-dialogs.js';
import { expectHome, national, passwordSignIn, signInWithPassword, text } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish('localhost');
const SIGNED_IN = `Signed in as ${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}`;
/** The chip's frame: the loader's least height (120 px) and no more; the form's is 700 px and over. */
const CHIP_FRAME_MAX_PX = 130;

const scriptTagFrame = (page: Page): FrameLocator => page.frameLocator('#script-tag-widget iframe');
const frameHeight = (page: Page) =>
  page.locator('#script-tag-widget iframe').evaluate((iframe) => iframe.getBoundingClientRect().height);
/** The demo's log lines of `source` that contain `what`. */
const logged = async (page: Page, source: string, what: string) =>
  (await page.locator('#log li').allInnerTexts()).filter((line) => line.includes(`[${source}] ${what}`));

/** The demo's first panel, the widget's box in it, as a picture (test/screenshots/). */
async function panelShot(page: Page, name: string): Promise<void> {
  const panel = page.locator('section.panel').filter({ has: page.locator('#script-tag-widget') });
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: await saveScreenshot(page, name) });
}

/** The chip in the frame: its status line, and the frame shrunk to it. */
async function expectChip(page: Page, frame: FrameLocator): Promise<void> {
  // A cross-origin frame out of sight draws nothing (test/support/browser.ts, nextPaint): in sight first.
  await page.locator('#script-tag-widget').scrollIntoViewIfNeeded();
  await frame.getByRole('status').filter({ hasText: SIGNED_IN }).waitFor({ timeout: 20_000 });
  await expect.poll(() => frameHeight(page), { timeout: 10_000 }).toBeLessThanOrEqual(CHIP_FRAME_MAX_PX);
  // Nothing of the form is left beside it.
  expect(await frame.getByLabel(text('password_label'), { exact: true }).count()).toBe(0);
  expect(await frame.getByRole('heading').count()).toBe(0);
  expect(await frame.getByRole('region', { name: SIGNED_IN, exact: true }).count()).toBe(1);
}

describe("the widget's compact chip after a sign-in", () => {
  it('after a sign-in in the frame: "Signed in as <name>" at a small height, kirish:compact once; "Use another account" brings the form back with a new request', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    await page.goto(kirish.server.demoOrigin);
    const frame = scriptTagFrame(page);
    await frame.getByRole('heading', { name: text('login_title'), exact: true }).waitFor({ timeout: 20_000 });
    // By keyboard: the frame resizes itself while the form is filled (its later code measures it, 600 to
    // 632 px at 375 px wide), and a mouse click right after that went to the partner's page in CI, where
    // headless Chromium still hit-tested the old layout (pressInFrame, test/support/browser.ts).
    await passwordSignIn(frame, national(DEMO_ACCOUNT.phone), DEMO_ACCOUNT.password, { click: pressInFrame });
    await frame.getByRole('heading', { name: text('consent_title', { app: DEMO_CLIENT_NAME }), exact: true }).waitFor();
    await pressInFrame(frame.getByRole('button', { name: text('consent_allow'), exact: true }));

    await page.getByText(SIGNED_IN, { exact: true }).waitFor({ timeout: 20_000 });
    await expectChip(page, frame);
    await panelShot(page, 'widget-chip-375');
    const embed = page.frames().find((candidate) => candidate.url().startsWith(`${kirish.server.origin}/embed`));
    expect(embed && (await axeViolations(embed))).toEqual([]);
    // Once: a second look later finds no second event.
    await page.waitForTimeout(500);
    expect(await logged(page, 'script tag', 'compact')).toHaveLength(1);

    // The chip's one action, from the keyboard: a new request (a new state), and the form again.
    const before = new URL((await page.locator('#script-tag-widget iframe').getAttribute('src')) ?? '');
    await pressInFrame(frame.getByRole('button', { name: text('use_another_account'), exact: true }));
    await frame.getByLabel(text('phone_or_email_label'), { exact: true }).waitFor({ timeout: 20_000 });
    const after = new URL((await page.locator('#script-tag-widget iframe').getAttribute('src')) ?? '');
    expect(after.searchParams.get('state')).not.toBe(before.searchParams.get('state'));
    expect(after.searchParams.get('code_challenge')).not.toBe(before.searchParams.get('code_challenge'));
    expect(await frame.getByRole('status').filter({ hasText: SIGNED_IN }).count()).toBe(0);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('after a sign-in through the browser’s FedCM, which the frame never sees, ended before the frame listens: the chip names the account', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await expectHome(page, DEMO_ACCOUNT.firstName);
    const dialogs = await watchFedCmDialogs(page);
    // The frame's later code (which listens for the page's word) comes 3 s late: the browser's sign-in
    // ends before the frame listens, and the page tells it again once it does (its first resize).
    await context.route(
      (url) => /\/assets\/frame-later-[^/]+\.js$/.test(url.pathname),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 3_000));
        await route.continue();
      },
    );
    await page.goto(kirish.server.demoOrigin);
    const frame = scriptTagFrame(page);

    const dialog = await dialogs.next();
    // The frame is the sign-in form while the browser asks.
    await frame.getByRole('button', { name: text('embed_continue_kirish'), exact: true }).waitFor();
    await dialogs.select(dialog);

    await page.getByText(SIGNED_IN, { exact: true }).waitFor({ timeout: 20_000 });
    await expectChip(page, frame);
    await panelShot(page, 'widget-chip-fedcm-1280');
    await page.waitForTimeout(500);
    expect(await logged(page, 'script tag', 'compact')).toHaveLength(1);
    await context.close();
    expect(errors).toEqual([]);
  });
});
