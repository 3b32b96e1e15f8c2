/**
 * The widget on a partner's own page, as docs/partners.md tells a developer to put it (issue 11):
 * on an origin the client did not register it reports `origin_not_allowed` through `kirish:error`
 * and a console hint, and frames nothing; `data-locale` reaches the embedded form; and on the demo
 * shop the forms take no focus, so a phone opens the page at its top. Kirish is http://localhost,
 * the partner pages http://127.0.0.1: two sites.
 */
import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import { DEMO_ACCOUNT, DEMO_CLIENT_ID } from '../../server/src/demo-data.js';
import { newPageFor, saveScreenshot } from '../support/browser.js';
import { text } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { freePort } from '../support/server-process.js';
import { sessionWindowCls } from '../bench/web/cls.mjs';

const kirish = useRunningKirish('localhost');

const RU: Readonly<Record<string, string>> = ru;

/**
 * Serves `body` as a partner's page on a fresh port of 127.0.0.1, an origin no client registered,
 * and opens it. A real server, not a routed answer: Chromium lets a page reach Kirish on a loopback address
 * only when the page itself came from one (Local Network Access).
 */
async function openPartnerPage(page: Page, body: string): Promise<string> {
  const server = createServer((_, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><meta charset="utf-8"><title>Partner</title>${body}`);
  });
  partnerServers.push(server);
  const origin = `http://127.0.0.1:${await freePort()}`;
  await new Promise<void>((resolve) => server.listen(Number(new URL(origin).port), '127.0.0.1', resolve));
  await page.goto(`${origin}/shop`);
  return origin;
}

const partnerServers: Server[] = [];
afterEach(async () => {
  await Promise.all(partnerServers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The docs' snippet, with a listener that keeps every kirish:error detail in `window.kirishErrors`. */
const snippet = (
  attributes: string,
) => `<script>window.kirishErrors = []; addEventListener('kirish:error', (e) => kirishErrors.push(e.detail));</script>
<div id="login"><script src="${kirish.server.origin}/widget/widget.js" data-client-id="${DEMO_CLIENT_ID}" ${attributes} async></script></div>`;

describe('the widget on a partner page', () => {
  it('on an origin not registered for the client: kirish:error origin_not_allowed, one console hint shown in the frame’s place too, no iframe', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    const stranger = await openPartnerPage(page, snippet(''));

    await page.waitForFunction(() => (window as unknown as { kirishErrors: unknown[] }).kirishErrors.length > 0, null, {
      timeout: 15_000,
    });
    await page.waitForTimeout(500); // anything late (a second event, a frame) would show by now

    expect(await page.evaluate(() => (window as unknown as { kirishErrors: unknown[] }).kirishErrors)).toEqual([
      'origin_not_allowed',
    ]);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`Add ${stranger} to the web origins of your app at ${kirish.server.origin}/developers`);
    expect(errors[0]).toContain(DEMO_CLIENT_ID);
    // A plain-http page on 127.0.0.1, a developer's own: the same words stand where the frame would be.
    const shown = await page.locator('#login').innerText();
    expect(shown).toBe(
      `Kirish: origin_not_allowed, client ${DEMO_CLIENT_ID}. Add ${stranger} to the web origins of your app at ${kirish.server.origin}/developers`,
    );
    expect(errors[0]).toContain(shown);
    await context.close();
  });

  it('reports invalid_client for a client id that does not exist, and frames nothing', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    const body = snippet('').replace(`data-client-id="${DEMO_CLIENT_ID}"`, 'data-client-id="no-such-app"');

    await openPartnerPage(page, body);
    await page.waitForFunction(() => (window as unknown as { kirishErrors: unknown[] }).kirishErrors.length > 0, null, {
      timeout: 15_000,
    });

    expect(await page.evaluate(() => (window as unknown as { kirishErrors: unknown[] }).kirishErrors)).toEqual([
      'invalid_client',
    ]);
    expect(await page.locator('iframe').count()).toBe(0);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(`${kirish.server.origin}/developers`);
    await context.close();
  });

  it('shows the embedded form in the language it was given (locale / data-locale)', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    // The demo shop's page, the registered origin of its client, has the loader: Kirish.mount as a partner calls it.
    await page.goto(kirish.server.demoOrigin);
    await page.evaluate((clientId) => {
      const box = Object.assign(document.createElement('div'), { id: 'russian' });
      document.body.prepend(box);
      (window as unknown as { Kirish: { mount(element: Element, options: object): void } }).Kirish.mount(box, {
        clientId,
        locale: 'ru',
      });
    }, DEMO_CLIENT_ID);
    const frame = page.frameLocator('#russian iframe');
    await frame.getByLabel(RU.phone_or_email_label ?? '', { exact: true }).waitFor({ timeout: 20_000 });

    expect(await frame.locator('html').getAttribute('lang')).toBe('ru');
    expect(await frame.getByRole('button', { name: RU.continue ?? '', exact: true }).count()).toBe(1);
    await context.close();
    expect(errors).toEqual([]);
  });
});

describe('the demo shop, for a visitor', () => {
  it.each([1280, 375])(
    'explains itself at %i px and opens at its top: the sign-in forms take no focus',
    async (width) => {
      const { page, context, errors } = await newPageFor(kirish.browser, { width, locale: 'en-US' });
      await page.goto(kirish.server.demoOrigin);
      // The frames open at the height of the sign-in form: at 375 px the second is below the fold,
      // where the browser does not draw it (it is there all the same, and would take the focus).
      for (const box of ['#script-tag-widget', '#react-widget']) {
        await page
          .frameLocator(`${box} iframe`)
          .getByRole('heading', { name: text('login_title'), exact: true })
          .waitFor({ state: 'attached', timeout: 20_000 });
      }
      await page.waitForTimeout(1000); // hydration, where an autofocus would take the focus

      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
      const intro = await page.locator('.intro').innerText();
      expect(intro).toContain('Kirish is one account for many websites');
      expect(intro).toContain(DEMO_ACCOUNT.password);
      expect(intro.replaceAll(' ', '')).toContain(DEMO_ACCOUNT.phone);
      expect(await page.getByRole('link', { name: "Kirish's outbox" }).getAttribute('href')).toBe(
        `${kirish.server.origin}/dev/outbox`,
      );
      await saveScreenshot(page, `demo-page-${width}`);
      await context.close();
      expect(errors).toEqual([]);
    },
  );
});

describe("the demo shop's page, as tools and the person see it load", () => {
  it('reaches network idle with both widgets shown (the loader reads its origin check to the end)', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    // Playwright's networkidle: no request for 500 ms. An unread answer kept one open for good.
    await page.goto(kirish.server.demoOrigin, { waitUntil: 'networkidle', timeout: 15_000 });
    for (const box of ['#script-tag-widget', '#react-widget']) {
      await page
        .frameLocator(`${box} iframe`)
        .getByRole('heading', { name: text('login_title'), exact: true })
        .waitFor({ timeout: 5000 });
    }
    await context.close();
    expect(errors).toEqual([]);
  });

  it.each([1280, 375])(
    'does not jump while the widgets open and take their heights (CLS < 0.1 at %i px), on a first visit and the next',
    async (width) => {
      const { page, context, errors } = await newPageFor(kirish.browser, { width, locale: 'en-US' });
      // Layout Instability API: the page's own shifts, without those that follow the person's input.
      await context.addInitScript(() => {
        const shifts: { start: number; value: number }[] = [];
        Object.assign(window, { layoutShifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
            if (!entry.hadRecentInput) shifts.push({ start: entry.startTime, value: entry.value });
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const visit of ['first', 'next']) {
        await page.goto(kirish.server.demoOrigin);
        // A frame reports its height once it is drawn, and a browser draws one only in sight: the
        // visitor scrolls to each widget, as a person reading the page does.
        for (const box of ['#script-tag-widget', '#react-widget']) {
          await page.locator(box).evaluate((element) => element.scrollIntoView({ block: 'start' }));
          await page
            .frameLocator(`${box} iframe`)
            .getByRole('heading', { name: text('login_title'), exact: true })
            .waitFor({ timeout: 20_000 });
          await page.waitForTimeout(1000);
        }
        const shifts = await page.evaluate(
          () => (window as unknown as { layoutShifts: { start: number; value: number }[] }).layoutShifts,
        );
        expect(sessionWindowCls(shifts), `${visit} visit: ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
      }
      await context.close();
      expect(errors).toEqual([]);
    },
  );
});
