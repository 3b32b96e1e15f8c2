/**
 * The first pages paint before their script has run (issue 9): /login, /register and the widget's
 * /embed arrive prerendered in the visitor's language, and the script hydrates what is on screen
 * instead of drawing it again, with the texts the page carried.
 */
import { afterAll, describe, expect, it } from 'vitest';
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import type { Browser } from 'playwright-core';
import type { TestPage } from '../support/browser.js';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { national, text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish('localhost');
const RU: Readonly<Record<string, string>> = ru;
const open: TestPage[] = [];

/** A page of a fresh profile; with `script: false` the browser runs no JavaScript at all. */
async function freshPage(
  browser: Browser,
  { locale = 'en-US', script = true }: { locale?: string; script?: boolean } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 800 },
    locale,
    javaScriptEnabled: script,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(`console.error: ${message.text()}`);
  });
  const opened = { page, context, errors };
  open.push(opened);
  return opened;
}

afterAll(async () => {
  for (const { context } of open.splice(0)) await context.close();
});

describe('the first paint', () => {
  it('shows Login in the browser’s language with no script at all, and sends nothing before its script', async () => {
    const { page } = await freshPage(kirish.browser, { locale: 'ru-RU', script: false });
    await page.goto(`${kirish.server.origin}/login`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(RU.login_title);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
    // The focus is in the phone-or-e-mail field on arrival, script or not.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
    // Sent by the browser itself, the form would put what was typed into the address.
    expect(await page.getByRole('button', { name: RU.continue, exact: true }).isDisabled()).toBe(true);
    await page.keyboard.type('901234567');
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).search).toBe('');
  });

  it('keeps what was typed before the script arrived, and signs in with it', async () => {
    const { page, errors } = await freshPage(kirish.browser);
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    // The page's entry script is held back: the person types into the painted page meanwhile.
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(`${kirish.server.origin}/login`, { waitUntil: 'commit' });
    await waitForHeading(page, text('login_title'));
    await page.keyboard.type(national(DEMO_ACCOUNT.phone));
    release();
    await page.getByRole('button', { name: text('continue'), exact: true }).click();
    await page.getByLabel(text('password_label'), { exact: true }).fill(DEMO_ACCOUNT.password);
    await page.getByRole('button', { name: text('sign_in'), exact: true }).click();
    await waitForHeading(page, text('home_greeting', { name: DEMO_ACCOUNT.firstName }));
    expect(errors).toEqual([]);
  });

  it('sends a form whose Enter came before its script, once the page is live', async () => {
    const { page, errors } = await freshPage(kirish.browser);
    let release!: () => void;
    const arrived = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await arrived;
      await route.continue();
    });
    await page.goto(`${kirish.server.origin}/login`, { waitUntil: 'commit' });
    await waitForHeading(page, text('login_title'));
    await page.keyboard.type(national(DEMO_ACCOUNT.phone));
    await page.keyboard.press('Enter');
    // Nothing went out by itself: the address holds nothing typed.
    expect(new URL(page.url()).search).toBe('');
    release();
    // Continue went once the page was live: the password is asked for.
    await page.getByLabel(text('password_label'), { exact: true }).fill(DEMO_ACCOUNT.password);
    await page.keyboard.press('Enter');
    await waitForHeading(page, text('home_greeting', { name: DEMO_ACCOUNT.firstName }));
    expect(errors).toEqual([]);
  });

  it('shows Register and the widget’s sign-in with no script at all', async () => {
    const { page } = await freshPage(kirish.browser, { script: false });
    await page.goto(`${kirish.server.origin}/register`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(text('register_title'));
    await page.goto(
      `${kirish.server.origin}/embed?client_id=kirish-demo&origin=${encodeURIComponent(kirish.server.demoOrigin)}`,
    );
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(text('login_title'));
  });

  it('takes the language chosen on the site (its cookie) over the browser’s', async () => {
    const { page, context } = await freshPage(kirish.browser, { locale: 'en-US', script: false });
    await context.addCookies([{ name: '_locale', value: 'ru', url: kirish.server.origin }]);
    await page.goto(`${kirish.server.origin}/login`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(RU.login_title);
  });

  it('hydrates the page on screen instead of drawing it again, and fetches no texts', async () => {
    const { page, errors } = await freshPage(kirish.browser);
    const translationCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/FrontendTranslation/')) translationCalls.push(request.url());
    });
    await page.addInitScript(() => {
      const removed: string[] = [];
      (window as unknown as { removedLayouts: string[] }).removedLayouts = removed;
      new MutationObserver((records) => {
        for (const record of records)
          for (const node of record.removedNodes)
            if (node instanceof HTMLElement && node.matches('.layout, form')) removed.push(node.className);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    // Live: the fields open, and the page answers what the person does.
    const field = page.getByLabel(text('phone_or_email_label'), { exact: true });
    await field.fill('901234567');
    await expect.poll(() => field.inputValue()).toBe('90 123 45 67');
    expect(await page.evaluate(() => (window as unknown as { removedLayouts: string[] }).removedLayouts)).toEqual([]);
    expect(translationCalls).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('keeps the focus in the first field once the page is live', async () => {
    const { page } = await freshPage(kirish.browser);
    await page.goto(`${kirish.server.origin}/login`);
    await expect
      .poll(() => page.getByRole('button', { name: text('continue'), exact: true }).isEnabled(), { timeout: 10_000 })
      .toBe(true);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('username');
  });

  it('switches to the language stored on the site when the page came in another', async () => {
    const { page } = await freshPage(kirish.browser, { locale: 'en-US' });
    // Chosen earlier on this device, where only the stored copy is left (the cookie expired).
    await page.addInitScript(() => localStorage.setItem('locale', 'ru'));
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, RU.login_title as string);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ru');
  });
});
