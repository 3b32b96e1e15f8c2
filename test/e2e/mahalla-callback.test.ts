/**
 * Issue 36: /mahalla/oneid/callback (docs/product.md §2: no screen) hands its query string, exactly as it
 * came, to the external callback the server is configured with (MAHALLA_ONEID_CALLBACK_URL), and only to
 * it; with none configured the browser goes to `/`. The server answers it with a redirect of its own, so no
 * page of the SPA is drawn between. The external callback is a tiny HTTP server of this file that records
 * what reaches it.
 */
import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOverApi, signedInTab } from '../support/api-accounts.js';
import { launchBrowser, newPageFor } from '../support/browser.js';
import { expectHome } from '../support/flows.js';
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
  it('sends the browser to the configured callback with exactly its query, drawing no page of its own', async () => {
    const { page, context, errors } = await newPageFor(browser, { width: 375, locale: 'en-US' });
    const drawn: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'document') drawn.push(new URL(request.url()).pathname);
    });
    await page.goto(`${configured.server.origin}/mahalla/oneid/callback${SEARCH}`);

    const expected = `/oneid/callback?system=kirish&${SEARCH.slice(1)}`;
    await page.waitForURL(`http://127.0.0.1:${catcherPort}${expected}`);
    // The browser also asks the catcher's page for its icon: not a forward.
    expect(caught.filter((path) => path !== '/favicon.ico')).toEqual([expected]);
    // One document asked for and the catcher's: the redirect came from the server, no SPA page between.
    expect(drawn).toEqual(['/mahalla/oneid/callback', '/oneid/callback']);
    // Back does not land on the forwarding address to be forwarded again: it was never an entry.
    expect(await page.evaluate(() => history.length)).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
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
