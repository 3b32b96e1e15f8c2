/**
 * The login widget on the demo partner site (issue 4): the partner page is http://127.0.0.1 (the
 * demo server) and Kirish is http://localhost — two sites, as after `npm start`.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_CLIENT_NAME } from '../../server/src/demo-data.js';
import { launchBrowser, newPageFor, pressInFrame, saveScreenshot, whenClosed } from '../support/browser.js';
import { withoutFedCm } from '../support/fedcm-dialogs.js';
import { national, passwordSignIn, text } from '../support/flows.js';
import { oauthPage } from '../support/oauth-request.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { freePort } from '../support/server-process.js';

const kirish = useRunningKirish('localhost');
const FULL_NAME = `${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}`;

/** The demo's log lines, newest first. */
const logLines = (page: Page) => page.locator('#log li').allInnerTexts();

async function signInInside(scope: ReturnType<Page['frameLocator']> | Page): Promise<void> {
  await scope.getByRole('heading', { name: text('login_title'), exact: true }).waitFor({ timeout: 20_000 });
  await passwordSignIn(scope, national(DEMO_ACCOUNT.phone), DEMO_ACCOUNT.password, { click: pressInFrame });
}

describe('"Sign in with Kirish" by redirect, denied (before any consent is remembered)', () => {
  it('comes back with access_denied when the person denies', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(kirish.server.demoOrigin);
    await page.getByRole('button', { name: 'Sign in with Kirish', exact: true }).click();
    // A fresh browser: Kirish asks to sign in first, then for consent (the demo is a third party).
    await signInInside(page);
    await page.getByRole('heading', { name: text('consent_title', { app: DEMO_CLIENT_NAME }), exact: true }).waitFor();
    await page.getByRole('button', { name: text('consent_deny'), exact: true }).click();
    await page.waitForURL((url) => url.origin === kirish.server.demoOrigin);
    await page.getByText('authorization answered error=access_denied').waitFor();
    expect(await page.locator('#signed-in').innerText()).toBe('Not signed in');
    await context.close();
    expect(errors).toEqual([]);
  });
});

describe("the widget frame's cookies", () => {
  it("keeps the frame's device id in the partner's partition: the next visit has the same cmmtuuid, which Kirish's own pages do not see", async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(kirish.server.demoOrigin);
    const phone = page
      .frameLocator('#script-tag-widget iframe')
      .getByLabel(text('phone_or_email_label'), { exact: true });
    const deviceId = () => phone.evaluate(() => /(?:^|; )cmmtuuid=([^;]+)/.exec(document.cookie)?.[1] ?? null);
    // The first key (or tap) computes the device id (main.tsx) and keeps it in the frame's cookie. A key,
    // not a tap: a mouse event over a frame just loaded can go to the partner's page (pressInFrame).
    await phone.press('Shift');
    await expect.poll(deviceId, { timeout: 10_000 }).not.toBeNull();
    const first = await deviceId();
    await page.reload();
    await phone.waitFor({ timeout: 20_000 });
    expect(await deviceId()).toBe(first);
    // Partitioned (CHIPS): the same site opened top-level does not share it.
    await page.goto(`${kirish.server.origin}/login`);
    expect(await page.evaluate(() => document.cookie)).not.toContain(`cmmtuuid=${first}`);
    await context.close();
    expect(errors).toEqual([]);
  });
});

describe('the widget on the demo partner site', () => {
  it('signs a user in inside the script-tag iframe, and the page shows their name from userinfo', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(kirish.server.demoOrigin);
    const frame = page.frameLocator('#script-tag-widget iframe');
    await signInInside(frame);
    await frame.getByRole('heading', { name: text('consent_title', { app: DEMO_CLIENT_NAME }), exact: true }).waitFor();
    await saveScreenshot(page, 'demo-consent-1280');
    await pressInFrame(frame.getByRole('button', { name: text('consent_allow'), exact: true }));

    await page.getByText(`Signed in as ${FULL_NAME}`, { exact: true }).waitFor({ timeout: 15_000 });
    const log = await logLines(page);
    expect(log.some((line) => line.includes('[script tag] ready'))).toBe(true);
    expect(log.some((line) => line.includes('[script tag] tokens: access_token, refresh_token, id_token'))).toBe(true);
    expect(log.some((line) => line.includes(`"name":"${FULL_NAME}"`))).toBe(true);
    await saveScreenshot(page, 'demo-signed-in-1280');

    // Every URL the frame reported: our origin, a path, harmless parameters; no token, code or state.
    const reported = log
      .filter((line) => line.includes('iframeUrlChange'))
      .map((line) => line.slice(line.indexOf('iframeUrlChange ') + 16));
    expect(reported.length).toBeGreaterThan(0);
    for (const url of reported) {
      const parsed = new URL(url);
      expect(parsed.origin).toBe(kirish.server.origin);
      expect(parsed.hash).toBe('');
      expect(
        [...parsed.searchParams.keys()].filter((name) => !['client_id', 'language', 'isMobile'].includes(name)),
      ).toEqual([]);
    }
    await context.close();
    expect(errors).toEqual([]);
  });

  it('signs in through the React component too', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(kirish.server.demoOrigin);
    const frame = page.frameLocator('#react-widget iframe');
    await signInInside(frame);
    // The consent given in the previous test is remembered: no second question.
    await page.getByText(`Signed in as ${FULL_NAME}`, { exact: true }).waitFor({ timeout: 15_000 });
    expect((await logLines(page)).some((line) => line.includes('[react] tokens: access_token'))).toBe(true);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('continues in a popup where the frame cannot sign in, and hands the result back through the frame', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    // A browser with neither FedCM nor storage access for the frame: "Continue with your Kirish account" opens the popup.
    await withoutFedCm(context);
    await page.goto(kirish.server.demoOrigin);
    const frame = page.frameLocator('#script-tag-widget iframe');
    await frame.getByRole('heading', { name: text('login_title'), exact: true }).waitFor({ timeout: 20_000 });
    const popupOpened = page.waitForEvent('popup');
    await pressInFrame(frame.getByRole('button', { name: text('embed_continue_kirish'), exact: true }));
    const popup = await popupOpened;
    // A top-level page of Kirish's own, not a frame: the browser's own Kirish storage.
    expect(new URL(popup.url()).origin).toBe(kirish.server.origin);
    expect(new URL(popup.url()).searchParams.get('mode')).toBe('popup');
    await signInInside(popup);
    // Consent is remembered from the first test; the popup answers and closes itself.
    await whenClosed(popup, 15_000);
    await page.getByText(`Signed in as ${FULL_NAME}`, { exact: true }).waitFor({ timeout: 15_000 });
    expect((await logLines(page)).some((line) => line.includes('[script tag] tokens: access_token'))).toBe(true);
    // The frame, whose own storage has no session, names the account from the page's token (its chip).
    await page.locator('#script-tag-widget').scrollIntoViewIfNeeded();
    await frame
      .getByRole('status')
      .filter({ hasText: `Signed in as ${FULL_NAME}` })
      .waitFor({ timeout: 15_000 });
    // The demo partner verifies the ID token before it trusts it (docs/partners.md): signature, iss, aud, exp, its data-nonce.
    expect(
      (await logLines(page)).some((line) =>
        line.includes('[script tag] ID token verified (signature, iss, aud, exp, nonce)'),
      ),
    ).toBe(true);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('says so when the browser blocks the popup (its click is too long ago), and one more press opens it', async () => {
    // A browser with its popup blocker on, as everyone's is: a popup opens only within a click's transient activation.
    const browser = await launchBrowser([], { blockPopups: true });
    try {
      const { page, context, errors } = await newPageFor(browser, { width: 375, locale: 'en-US' });
      await withoutFedCm(context);
      // The browser's accounts answer after the activation of the click (about 5 s in Chromium) has passed.
      await context.route(
        (url) => url.pathname.endsWith('/fedcm/frame/accounts/'),
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, 6_000));
          await route.continue();
        },
      );
      await page.goto(kirish.server.demoOrigin);
      const frame = page.frameLocator('#script-tag-widget iframe');
      await frame.getByRole('heading', { name: text('login_title'), exact: true }).waitFor({ timeout: 20_000 });
      const popups: Page[] = [];
      page.on('popup', (popup) => popups.push(popup));
      await pressInFrame(frame.getByRole('button', { name: text('embed_continue_kirish'), exact: true }));
      await frame.getByText(text('embed_popup_needed'), { exact: true }).waitFor({ timeout: 20_000 });
      expect(popups).toEqual([]);
      await saveScreenshot(page, 'widget-popup-needed-375');
      // The press carries its own activation (the button has the focus: a keyboard user presses Enter).
      const popupOpened = page.waitForEvent('popup');
      await pressInFrame(frame.getByRole('button', { name: text('embed_popup_open'), exact: true }));
      const popup = await popupOpened;
      expect(new URL(popup.url()).searchParams.get('mode')).toBe('popup');
      await signInInside(popup);
      // Consent is remembered from the first test; the popup answers and closes itself.
      await whenClosed(popup, 15_000);
      await page.getByText(`Signed in as ${FULL_NAME}`, { exact: true }).waitFor({ timeout: 15_000 });
      await context.close();
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('refuses to run for a page on an origin not registered for the client, and sends it nothing', async () => {
    const { page, context } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    const stranger = `http://127.0.0.1:${await freePort()}`;
    for (const claimed of [stranger, kirish.server.demoOrigin]) {
      const query = new URLSearchParams({
        client_id: 'kirish-demo',
        origin: claimed,
        redirect_uri: claimed,
        response_type: 'code',
        response_mode: 'web_message',
        scope: 'openid',
        state: 's',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      await page.route(`${stranger}/shop`, (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<!doctype html><title>Stranger</title><script>window.received = []; addEventListener('message', (e) => received.push(e.data));</script>
<iframe title="Kirish" src="${kirish.server.origin}/embed?${query}" style="width: 420px; height: 600px"></iframe>`,
        }),
      );
      await page.goto(`${stranger}/shop`);
      await page.waitForTimeout(1500);
      expect(await page.evaluate(() => (window as unknown as { received: unknown[] }).received)).toEqual([]);
      expect(await page.frameLocator('iframe').getByRole('heading').count()).toBe(0);
      await page.unroute(`${stranger}/shop`);
    }
    // And the server does not confirm that origin for the client.
    const answer = await fetch(
      `${kirish.server.origin}/sso/api/v1/oauth/embed_origin/?client_id=kirish-demo&origin=${encodeURIComponent(stranger)}`,
    );
    expect(answer.status).toBe(400);
    await context.close();
  });
});

describe('the consent page with a request it cannot verify', () => {
  it.each([
    ['an unknown client', { client_id: 'no-such-app' }, 'invalid_client'],
    [
      'a redirect address that is not registered exactly',
      { redirect_uri: 'http://127.0.0.1:1/callback/' },
      'invalid_redirect_uri',
    ],
  ])('shows the error step for %s and sends the browser nowhere', async (_, override, key) => {
    const { page, context } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(oauthPage(kirish, { scope: 'openid', state: 'st', ...override }));
    await signInInside(page);
    await page.getByRole('heading', { name: text('oauth_error_title'), exact: true }).waitFor();
    expect(await page.getByRole('alert').innerText()).toBe(text(key));
    await page.waitForTimeout(500);
    expect(new URL(page.url()).origin).toBe(kirish.server.origin);
    expect(new URL(page.url()).pathname).toBe('/oauth');
    await context.close();
  });
});

describe('"Sign in with Kirish" by redirect on the demo site', () => {
  it('comes back signed in, without asking again for a remembered consent, and shows their name', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(kirish.server.demoOrigin);
    await page.getByRole('button', { name: 'Sign in with Kirish', exact: true }).click();
    await signInInside(page);
    // Consent was given in the widget above: remembered, not asked again.
    await page.getByText(`Signed in as ${FULL_NAME}`, { exact: true }).waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).toBe('/');
    expect((await logLines(page)).some((line) => line.includes('state and iss checked'))).toBe(true);
    await context.close();
    expect(errors).toEqual([]);
  });
});
