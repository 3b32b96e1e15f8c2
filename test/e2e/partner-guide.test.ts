/**
 * Issue 34: the partner guide, docs/partners.md, served by Kirish at /developers/guide in the site's
 * design — open without an account, with the page policy and caching of every page of the site, its
 * chrome (the way back, a note that the guide is English) in the reader's language, its headings'
 * ids for the guide's own links — and reached from the Developers section and from each app's page.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import { newPageFor, saveScreenshot } from '../support/browser.js';
import { signInWithPassword, text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
const GUIDE = readFileSync(new URL('../../docs/partners.md', import.meta.url), 'utf8');
/** The guide's level-2 headings, in order. */
const SECTIONS = [...GUIDE.matchAll(/^## (.+)$/gm)].map((match) => match[1] ?? '');

describe('the partner guide at /developers/guide', () => {
  it('shows docs/partners.md to anyone, with the site’s policy, caching, chrome and working in-page links', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    const answer = await page.goto(`${kirish.server.origin}/developers/guide`);
    await waitForHeading(page, 'Kirish for partner sites');

    const headers = (await answer?.allHeaders()) ?? {};
    expect(headers['content-security-policy']).toContain("default-src 'self'");
    expect(headers['cache-control']).toBe('no-cache');
    // Prerendered: the guide is in the page the server sends, readable before (or without) its script.
    expect(await answer?.text()).toContain('<h1 id="kirish-for-partner-sites">Kirish for partner sites</h1>');
    expect(await page.title()).toBe(`${text('title_developers_guide')} — ${text('app_name')}`);
    expect(new URL(page.url()).pathname).toBe('/developers/guide'); // not sent to sign in first
    expect(await page.locator('article.guide h2').allInnerTexts()).toEqual(SECTIONS);
    expect(await page.locator('article.guide').getAttribute('lang')).toBe('en');
    // The quick start's page, as code, escaped: its tags are text, not elements of this page.
    const sample = page.locator('article.guide pre code.language-html').first();
    expect(await sample.innerText()).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1" />',
    );
    expect(await page.locator('article.guide script, article.guide meta').count()).toBe(0);
    // An English reader gets no note that the guide is English.
    expect(await page.getByText(text('developers_guide_language'), { exact: true }).count()).toBe(0);

    // The contents' links lead to their sections.
    await page.getByRole('link', { name: 'Error codes', exact: true }).click();
    await page.waitForURL((url) => url.hash === '#error-codes');
    expect(await page.locator('#error-codes').evaluate((heading) => heading.getBoundingClientRect().top)).toBeLessThan(
      200,
    );
    await saveScreenshot(page, 'partner-guide-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${kirish.server.origin}/developers/guide`);
    await waitForHeading(page, 'Kirish for partner sites');
    // On a phone the page does not scroll sideways: wide tables and code scroll in their own boxes.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'partner-guide-375');

    // The way back, to Developers (which asks a visitor without an account to sign in first).
    await page.getByRole('link', { name: `← ${text('developers_title')}`, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login' || url.pathname === '/developers');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps its chrome in the reader’s language and says the guide is in English', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'ru-RU' });
    await page.goto(`${kirish.server.origin}/developers/guide`);
    await waitForHeading(page, 'Kirish for partner sites');

    await page.getByText(ru.developers_guide_language, { exact: true }).waitFor();
    await page.getByRole('link', { name: `← ${ru.developers_title}`, exact: true }).waitFor();
    expect(await page.title()).toBe(`${ru.title_developers_guide} — ${ru.app_name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is linked from the Developers section, and leads back to it', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto(`${kirish.server.origin}/developers`);
    await waitForHeading(page, text('developers_title'));
    await page.getByRole('link', { name: text('developers_guide_link'), exact: true }).click();
    await waitForHeading(page, 'Kirish for partner sites');
    expect(new URL(page.url()).pathname).toBe('/developers/guide');
    await page.getByRole('link', { name: `← ${text('developers_title')}`, exact: true }).click();
    await waitForHeading(page, text('developers_title'));
    // An app's page links it too: test/e2e/partners-quick-start.test.ts follows that link.
    expect(errors).toEqual([]);
    await context.close();
  });
});
