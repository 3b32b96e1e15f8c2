/**
 * Issue 36: /mahalla/oneid/callback (docs/product.md §2) hands its query string, exactly as it came, to the
 * external callback the server is configured with (MAHALLA_ONEID_CALLBACK_URL), and only to it; with
 * none configured the page goes to `/`. The external callback is a tiny HTTP server of this file that
 * records what reaches it.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOverApi, signedInTab } from '../support/api-accounts.js';
import { axeViolations } from '../support/axe.js';
import { launchBrowser, newPageFor } from '../support/browser.js';
import { expectHome, text } from '../support/flows.js';
import { freePort, useServer } from '../support/server-process.js';

/** What reached the external callback: each request's path and query, as sent. */
const caught: string[] = [];
let catcher: Server;
let catcherPort = 0;
let browser: Browser;

const configured = useServer('kirish-mahalla-on-', async () => {
  catcherPort = await freePort();
  return { MAHALLA_ONEID_CALLBACK_URL: `http://127.0.0.1:${catcherPort}/oneid/callback?system=kirish` };
});
const unset = useServer('kirish-mahalla-off-');

beforeAll(async () => {
  catcher = createServer((request, response) => {
    caught.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<title>caught</title><p>caught</p>');
  });
  await new Promise<void>((resolve) => catcher.listen(catcherPort, '127.0.0.1', resolve));
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => catcher?.close(resolve));
});

/** A OneID answer's query, with what Kirish's own pages would act on (a token, a language, a return path). */
const SEARCH =
  '?code=a%2Bb%20c&state=s%3D1&token=not-kirish&lang=ru&returnPath=%2Fpay&url=https%3A%2F%2Fevil.example%2F';

describe('/mahalla/oneid/callback', () => {
  it('shows a quiet "Redirecting…" status, then sends the browser to the configured callback with exactly its query', async () => {
    const { page, context, errors } = await newPageFor(browser, { width: 375, locale: 'en-US' });
    // The setting's answer is held back until the status has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/sso/api/v1/mahalla/oneid/callback/', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${configured.server.origin}/mahalla/oneid/callback${SEARCH}`);
    await expect
      .poll(() =>
        page
          .getByRole('status')
          .filter({ hasText: text('mahalla_redirecting') })
          .count(),
      )
      .toBe(1);
    const entries = await page.evaluate(() => history.length);
    release();

    const expected = `/oneid/callback?system=kirish&${SEARCH.slice(1)}`;
    await page.waitForURL(`http://127.0.0.1:${catcherPort}${expected}`);
    expect(caught).toEqual([expected]);
    // Replaced, not pushed: Back does not land on the forwarding page to be forwarded again.
    expect(await page.evaluate(() => history.length)).toBe(entries);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is clean for axe in the five languages while it waits', async () => {
    const found: string[] = [];
    for (const [locale, tag] of [
      ['uz', 'uz-UZ'],
      ['uzc', 'uz-Cyrl-UZ'],
      ['kaa', 'kaa'],
      ['ru', 'ru-RU'],
      ['en', 'en-US'],
    ] as const) {
      const catalogue = JSON.parse(
        readFileSync(new URL(`../../server/src/locales/${locale}.json`, import.meta.url), 'utf8'),
      ) as Record<string, string>;
      const { page, context } = await newPageFor(browser, { width: 375, locale: tag });
      // The language a person picked is the `_locale` cookie (docs/product.md §4).
      await context.addCookies([{ name: '_locale', value: locale, url: configured.server.origin }]);
      // The setting never answers: the page stays on its status.
      await page.route('**/sso/api/v1/mahalla/oneid/callback/', () => new Promise(() => {}));
      await page.goto(`${configured.server.origin}/mahalla/oneid/callback?code=1`);
      await page.getByRole('status').filter({ hasText: catalogue.mahalla_redirecting }).waitFor();
      found.push(...(await axeViolations(page)).map((line) => `${locale} ${line}`));
      await context.close();
    }
    expect(found).toEqual([]);
  });

  it('goes to `/` when no callback is configured, whatever URL the query names', async () => {
    caught.length = 0;
    const account = { phone: '+998907001122', firstName: 'Gulnora', lastName: 'Tosheva', password: 'Buxoro-Ark-2026' };
    await registerOverApi(unset.server.origin, account);
    const { page, context, errors } = await signedInTab(browser, unset.server.origin, account);
    await page.goto(
      `${unset.server.origin}/mahalla/oneid/callback?code=1&url=http%3A%2F%2F127.0.0.1%3A${catcherPort}%2F`,
    );
    await expectHome(page, account.firstName);
    expect(new URL(page.url()).href).toBe(`${unset.server.origin}/`);
    expect(caught).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
