/**
 * docs/partners.md's quick start, followed literally (issue 11): a partner signs in to Kirish,
 * registers an app in the Developers section for a page on a fresh origin, copies the app page's
 * `index.html` (issue 34: the guide's page with the client id filled in), serves it, and a visitor
 * signs in through the widget on it; the page then says who signed in, from userinfo, and has sent
 * the ID token to the partner's server. Only the guide's example addresses change: Kirish is this
 * run's server (http://localhost:…), the page a free port of 127.0.0.1.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { newPageFor, pressInFrame, saveScreenshot } from '../support/browser.js';
import { national, passwordSignIn, signInWithPassword, text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';
import { freePort } from '../support/server-process.js';

const kirish = useRunningKirish('localhost');
const GUIDE = readFileSync(new URL('../../docs/partners.md', import.meta.url), 'utf8');
/** The guide's own addresses, which a reader replaces by theirs. */
const GUIDE_KIRISH = 'http://localhost:8080';
const GUIDE_PAGE = 'http://127.0.0.1:18090';

/** The first ```html block of the quick start: the page the guide tells the partner to save. */
function guidePage(): string {
  const start = GUIDE.indexOf('## Quick start');
  const block = /```html\n([\s\S]*?)```/.exec(GUIDE.slice(start));
  if (!block?.[1]) throw new Error('docs/partners.md has no html block in its quick start');
  return block[1];
}

/** The guide's table of the registration form: field label → the value it says to type. */
function guideFields(): Map<string, string> {
  const rows = GUIDE.slice(GUIDE.indexOf('### 1. Register your app'), GUIDE.indexOf('### 2.')).matchAll(
    /^\| ([^|]+) \| `([^`]+)`/gm,
  );
  return new Map([...rows].map(([, label = '', value = '']) => [label.trim(), value]));
}

let partner: Server | undefined;
afterAll(async () => {
  await new Promise((resolve) => (partner ? partner.close(resolve) : resolve(undefined)));
});

describe('the partners quick start (docs/partners.md)', () => {
  it('registers an app, copies its page (the guide’s, with its client id), serves it, and signs a visitor in on it', async () => {
    const port = await freePort();
    const pageOrigin = `http://127.0.0.1:${port}`;
    const ours = (value: string) =>
      value.replaceAll(GUIDE_PAGE, pageOrigin).replaceAll(GUIDE_KIRISH, kirish.server.origin);
    const fields = guideFields();
    expect([...fields.keys()]).toEqual(['App name', 'Home page', 'Privacy policy URL', 'Web origins for the widget']);

    // 1. Register the app in Developers, signed in with the demo account, as the guide says.
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto(`${kirish.server.origin}/developers`);
    await page.getByRole('link', { name: text('developers_register'), exact: true }).click();
    await waitForHeading(page, text('developers_new_title'));
    await page.getByLabel(text('developers_name_label'), { exact: true }).fill(fields.get('App name') ?? '');
    await page
      .getByLabel(text('developers_home_page_label'), { exact: true })
      .fill(ours(fields.get('Home page') ?? ''));
    await page
      .getByLabel(text('developers_privacy_label'), { exact: true })
      .fill(ours(fields.get('Privacy policy URL') ?? ''));
    await page
      .getByLabel(text('developers_web_origins_label'), { exact: true })
      .fill(ours(fields.get('Web origins for the widget') ?? ''));
    await page.getByLabel(text('developers_kind_public'), { exact: false }).check();
    await page.getByRole('button', { name: text('developers_create'), exact: true }).click();
    await waitForHeading(page, 'My Shop');
    const clientId = decodeURIComponent(new URL(page.url()).pathname.split('/')[2] ?? '');
    expect(clientId.length).toBeGreaterThan(8);
    await page.getByText(clientId, { exact: true }).first().waitFor();

    // 2. Copy the page from the app's page (the keyboard's way: Tab to Copy, Enter): the guide's page
    // with the client id filled in. Serve it on the registered origin.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: kirish.server.origin });
    const copy = page.getByRole('button', {
      name: `${text('copy')}: ${text('developers_widget_snippet')}`,
      exact: true,
    });
    await copy.focus();
    await page.keyboard.press('Enter');
    await copy.getByText(text('copied'), { exact: true }).waitFor();
    const html = await page.evaluate(() => navigator.clipboard.readText());
    expect(html).toBe(ours(guidePage()).replace('YOUR_CLIENT_ID', clientId));
    expect(html).toContain(`data-client-id="${clientId}"`);
    const posted: string[] = [];
    partner = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        if (request.method === 'POST') posted.push(`${request.url} ${body}`);
        response.writeHead(200, { 'Content-Type': 'text/html' });
        response.end(html);
      });
    });
    await new Promise<void>((resolve) => partner?.listen(port, '127.0.0.1', resolve));

    // 3. A visitor (a browser of their own) signs in inside the widget and allows My Shop.
    const visitor = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    await visitor.page.goto(pageOrigin);
    expect(await visitor.page.locator('#who').innerText()).toBe('Not signed in');
    const frame = visitor.page.frameLocator('#login iframe');
    await frame
      .getByText(text('continue_to_app', { app: 'My Shop' }), { exact: false })
      .first()
      .waitFor({ timeout: 20_000 });
    await passwordSignIn(frame, national(DEMO_ACCOUNT.phone), DEMO_ACCOUNT.password, { click: pressInFrame });
    await frame.getByRole('heading', { name: text('consent_title', { app: 'My Shop' }), exact: true }).waitFor();
    await pressInFrame(frame.getByRole('button', { name: text('consent_allow'), exact: true }));

    // 4. The page reads who signed in from userinfo.
    await visitor.page
      .locator('#who', { hasText: `Signed in as ${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}` })
      .waitFor({ timeout: 20_000 });
    await saveScreenshot(visitor.page, 'partners-quick-start-375');
    // …and its listener sent the ID token to the partner's own server.
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatch(/^\/kirish\/session \{"id_token":"[\w-]+\.[\w-]+\.[\w-]+"\}$/);
    expect(visitor.errors).toEqual([]);

    // The app's page leads to the partner guide, served by Kirish.
    await page.getByRole('link', { name: text('developers_guide_link'), exact: true }).click();
    await waitForHeading(page, 'Kirish for partner sites');
    expect(new URL(page.url()).pathname).toBe('/developers/guide');
    expect(errors).toEqual([]);
    await visitor.context.close();
    await context.close();
  });
});
