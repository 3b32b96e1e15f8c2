/**
 * Single sign-on where partners embed Kirish (issue 21): signed in once at Kirish (http://localhost),
 * a person signs in on the demo partner (http://127.0.0.1, another site, whose frame gets no Kirish
 * storage) with a click — through the browser's own FedCM dialog, driven over the DevTools protocol;
 * through the Storage Access API where the browser has no FedCM; or in a popup where neither works.
 */
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { newPageFor, pressInFrame, saveScreenshot, whenClosed } from '../support/browser.js';
import { grantStorageAccess, watchFedCmDialogs, withoutFedCm } from '../support/fedcm-dialogs.js';
import { expectHome, signInWithPassword, text } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish('localhost');
const FULL_NAME = `${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}`;
const SIGNED_IN = `Signed in as ${FULL_NAME}`;

async function signInAtKirish(page: Page): Promise<void> {
  await page.goto(`${kirish.server.origin}/login`);
  await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
  await expectHome(page, DEMO_ACCOUNT.firstName);
}

const scriptTagFrame = (page: Page): FrameLocator => page.frameLocator('#script-tag-widget iframe');
const continueButton = (frame: FrameLocator) =>
  frame.getByRole('button', { name: text('embed_continue_kirish'), exact: true });

/** The demo greets the person by the name it read from userinfo with the tokens it got. */
async function expectGreeted(page: Page, source: 'script tag' | 'react'): Promise<void> {
  await page.getByText(SIGNED_IN, { exact: true }).waitFor({ timeout: 20_000 });
  const log = await page.locator('#log li').allInnerTexts();
  expect(log.some((line) => line.includes(`[${source}] tokens: access_token`))).toBe(true);
  expect(log.some((line) => line.includes(`"name":"${FULL_NAME}"`))).toBe(true);
}

/** The consent page the browser opens for scopes beyond name, e-mail and photo (FedCM continue_on). */
async function allowInPopup(context: BrowserContext): Promise<void> {
  const popup = await context.waitForEvent('page', { timeout: 20_000 });
  await popup
    .getByRole('heading', { name: text('consent_title', { app: DEMO_CLIENT_NAME }), exact: true })
    .waitFor({ timeout: 20_000 });
  await popup.getByRole('button', { name: text('consent_allow'), exact: true }).click();
  await whenClosed(popup);
}

describe('FedCM: the browser lists the Kirish account on the partner site', () => {
  it('signed in at Kirish: the dialog on load lists the account; one pick, the consent the app needs once, and the partner greets the person', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await signInAtKirish(page);
    const dialogs = await watchFedCmDialogs(page);
    await page.goto(kirish.server.demoOrigin);

    const dialog = await dialogs.next();
    expect(dialog.dialogType).toBe('AccountChooser');
    expect(dialog.accounts.map((account) => account.name)).toEqual([FULL_NAME]);
    expect(dialog.title).toContain('localhost');
    // The frame itself is still the sign-in form: the browser, not the frame, found the person.
    await continueButton(scriptTagFrame(page)).waitFor();
    const popupAllowed = allowInPopup(context); // the demo asks for the phone: beyond what FedCM's dialog discloses
    await dialogs.select(dialog);
    await popupAllowed;
    await expectGreeted(page, 'script tag');

    // The next visit: the app is approved; a pick (or the browser's own re-authentication) is all.
    await page.reload();
    const again = await dialogs.next();
    expect(['AccountChooser', 'AutoReauthn']).toContain(again.dialogType);
    if (again.dialogType === 'AccountChooser') await dialogs.select(again);
    await expectGreeted(page, 'script tag');
    expect(context.pages()).toHaveLength(1); // no popup this time
    await context.close();
    expect(errors).toEqual([]);
  });

  it('signed out at Kirish: "Continue with your Kirish account" opens Kirish’s login, and after signing in there the flow finishes', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    const dialogs = await watchFedCmDialogs(page);
    await page.goto(kirish.server.demoOrigin);
    const frame = scriptTagFrame(page);
    await continueButton(frame).waitFor({ timeout: 20_000 });
    await page.locator('#script-tag-widget').scrollIntoViewIfNeeded();
    await page.locator('#script-tag-widget').screenshot({ path: await saveScreenshot(page, 'widget-continue-375') });

    const loginOpened = context.waitForEvent('page', { timeout: 20_000 });
    await pressInFrame(continueButton(frame));
    const login = await loginOpened;
    expect(new URL(login.url()).origin).toBe(kirish.server.origin);
    expect(new URL(login.url()).pathname).toBe('/login');
    await signInWithPassword(login, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    // Signed in, the page closes itself (IdentityProvider.close()) and the browser lists the account.
    await whenClosed(login);
    const dialog = await dialogs.next();
    expect(dialog.dialogType).toBe('AccountChooser');
    expect(dialog.accounts.map((account) => account.name)).toEqual([FULL_NAME]);
    await dialogs.select(dialog);
    await expectGreeted(page, 'script tag');
    await context.close();
    expect(errors).toEqual([]);
  });
});

describe('without FedCM (Safari, Firefox)', () => {
  it('with storage access granted, the frame lists the browser’s Kirish accounts and continues as the one picked', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await withoutFedCm(context);
    await signInAtKirish(page);
    // Chromium keeps `__Host-` cookies from http://localhost, a secure context (docs/decisions.md, "The device behind the account chooser").
    // Not the sign-in binding that Login's passkey autofill may have set by now (issue 41): a challenge's, not the device's.
    const kept = (await context.cookies(kirish.server.origin)).filter(
      (cookie) => cookie.name.startsWith('__Host-kirish_') && cookie.name !== '__Host-kirish_sign_in',
    );
    expect(kept.map(({ name, path, secure }) => [name, path, secure]).toSorted()).toEqual([
      ['__Host-kirish_device', '/', true],
      ['__Host-kirish_idp', '/', true],
    ]);
    await grantStorageAccess(context, page, kirish.server.demoOrigin, kirish.server.origin);
    await page.goto(kirish.server.demoOrigin);
    const frame = scriptTagFrame(page);
    await pressInFrame(continueButton(frame));

    await frame.getByRole('heading', { name: text('choose_account'), exact: true }).waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'widget-browser-accounts-1280');
    await pressInFrame(frame.getByRole('button', { name: new RegExp(text('embed_continue_as', { name: FULL_NAME })) }));
    // The demo was allowed in the FedCM test above: nothing more to ask.
    await expectGreeted(page, 'script tag');
    expect(context.pages()).toHaveLength(1);
    // The join is a sign-in of its own: the sessions page and the security log name the partner.
    const partner = { origin: kirish.server.demoOrigin };
    await page.goto(`${kirish.server.origin}/security/active-sessions/`);
    await page.getByText(text('sessions_in_partner_frame', partner), { exact: false }).waitFor({ timeout: 20_000 });
    await page.goto(`${kirish.server.origin}/security`);
    await page
      .getByText(text('security_event_frame_session_joined_named', partner), { exact: true })
      .first()
      .waitFor({ timeout: 20_000 });
    await context.close();
    expect(errors).toEqual([]);
  });

  it('without storage access, the same button opens Kirish in a popup, where the person is already signed in', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await withoutFedCm(context);
    await signInAtKirish(page);
    await page.goto(kirish.server.demoOrigin);
    const frame = scriptTagFrame(page);
    await continueButton(frame).waitFor({ timeout: 20_000 });
    await saveScreenshot(page, 'widget-continue-1280');
    const popupOpened = page.waitForEvent('popup');
    await pressInFrame(continueButton(frame));
    const popup = await popupOpened;
    expect(new URL(popup.url()).searchParams.get('mode')).toBe('popup');
    // Signed in at Kirish and the app allowed before: the popup answers and closes by itself.
    await whenClosed(popup);
    await expectGreeted(page, 'script tag');
    await context.close();
    expect(errors).toEqual([]);
  });
});
