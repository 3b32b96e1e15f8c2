/**
 * Issue 38: the help centre — /help-center opens the privacy policy, the sections and the search as
 * you type, an article's anchors, related articles and "was this helpful?" (once per device), in two
 * locales; an article at 375 px and its /mobile- page for a phone app (no header, footer or way out,
 * in the language of `lang`); "Privacy policy" on the sign-in card reaches the real policy; axe finds
 * nothing on the new screens in all five locales.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../server/src/contract/locales.js';
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import { axeViolations } from '../support/axe.js';
import { newPageFor, saveScreenshot } from '../support/browser.js';
import { signInWithPassword, text, waitForHeading } from '../support/flows.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
/** The document's lang of each locale (src/lib/i18n.ts). */
const LANGUAGE_TAGS = { uz: 'uz-Latn', uzc: 'uz-Cyrl', kaa: 'kaa', ru: 'ru', en: 'en' } as const;

const searchBox = (page: Page) => page.getByRole('searchbox', { name: text('help_search_label') });
const resultTitles = (page: Page) => page.locator('.help-centre .row-name').allInnerTexts();

describe('the help centre', () => {
  it('opens on the privacy policy, searches as you type, and links headings and related articles (English)', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/help-center`);
    await waitForHeading(page, 'Privacy policy');
    expect(new URL(page.url()).pathname).toBe('/help-center/privacy-policy');
    const nav = page.getByRole('navigation', { name: text('help_articles_nav') });
    expect(await nav.getByRole('heading').allTextContents()).toEqual([
      text('help_section_legal'),
      text('help_section_signing_in'),
      text('help_section_account'),
    ]);
    expect(await nav.getByRole('link', { name: 'Privacy policy' }).getAttribute('aria-current')).toBe('page');
    await page.getByRole('link', { name: text('help_support_link') }).waitFor();
    await saveScreenshot(page, 'help-centre-1280');

    await searchBox(page).fill('sim card');
    await expect.poll(() => resultTitles(page)).toEqual(['Lost phone or a new number']);
    await saveScreenshot(page, 'help-search-1280');
    await searchBox(page).fill('qqqzzz');
    await page.getByText(text('help_search_empty', { query: 'qqqzzz' })).waitFor();
    await searchBox(page).fill('');
    await waitForHeading(page, 'Privacy policy');

    // A heading's anchor is a link to it, and an address with it opens there.
    await page.goto(`${kirish.server.origin}/help-center/privacy-policy#retention`);
    await waitForHeading(page, 'How long');
    expect(await page.locator('h2#retention').count()).toBe(1);
    expect(await page.getByRole('link', { name: `${text('help_heading_link')}: How long` }).getAttribute('href')).toBe(
      '#retention',
    );

    // Related articles lead to theirs.
    await page
      .getByRole('region', { name: text('help_related') })
      .getByRole('link', { name: 'Terms of use' })
      .click();
    await waitForHeading(page, 'Terms of use');
    expect(new URL(page.url()).pathname).toBe('/help-center/terms');

    // "Was this helpful?" is answered once on this device.
    await page.getByRole('button', { name: text('help_feedback_yes'), exact: true }).click();
    await page.getByText(text('help_feedback_thanks')).waitFor();
    await page.reload();
    await waitForHeading(page, 'Terms of use');
    await page.getByText(text('help_feedback_thanks')).waitFor();
    expect(await page.getByRole('button', { name: text('help_feedback_yes'), exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('reads in Russian for a Russian browser, search included', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'ru-RU' });
    await page.goto(`${kirish.server.origin}/help-center/deactivation`);
    await waitForHeading(page, 'Деактивация и восстановление аккаунта');
    await page.getByRole('heading', { name: ru.help_section_account, exact: true }).waitFor();
    await page.getByRole('searchbox', { name: ru.help_search_label }).fill('sim-карту');
    await expect.poll(() => resultTitles(page)).toEqual(['Потерян телефон или новый номер']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows an article at 375 px, and the same article on its mobile page with no way out, in the language of lang', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/help-center/lost-phone`);
    await waitForHeading(page, 'Lost phone or a new number');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'help-article-375');

    await page.goto(`${kirish.server.origin}/mobile-lost-phone?lang=ru&isMobile=true`);
    await waitForHeading(page, 'Потерян телефон или новый номер');
    const url = new URL(page.url());
    expect([url.pathname, url.searchParams.get('lang'), url.searchParams.get('isMobile')]).toEqual([
      '/mobile-lost-phone',
      'ru',
      'true',
    ]);
    expect(await page.locator('.topbar, footer, input[type="search"]').count()).toBe(0);
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((href) => !href?.startsWith('/mobile-'))).toEqual([]);
    expect(await page.locator('a[target]').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'help-mobile-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('takes "Privacy policy" on the sign-in card to the real policy', async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 1280, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await page.getByRole('link', { name: text('legal_privacy'), exact: true }).click();
    await waitForHeading(page, 'Privacy policy');
    expect(new URL(page.url()).pathname).toBe('/help-center/privacy-policy');
    await page.getByRole('heading', { name: 'What we keep', exact: true }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("takes the account pages' footer links to the real policy and terms", async () => {
    const { page, context, errors } = await newPageFor(kirish.browser, { width: 375, locale: 'en-US' });
    await page.goto(`${kirish.server.origin}/login`);
    await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
    await page.waitForURL((url) => url.pathname === '/');
    const footer = page.locator('footer');
    await footer.getByRole('link', { name: text('section_developers'), exact: true }).waitFor();
    await footer.getByRole('link', { name: text('legal_terms'), exact: true }).click();
    await waitForHeading(page, 'Terms of use');
    expect(new URL(page.url()).pathname).toBe('/help-center/terms');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no axe violation on its pages in any of the five locales', async () => {
    const found: string[] = [];
    for (const [index, locale] of LOCALES.entries()) {
      const { page, context } = await newPageFor(kirish.browser, { width: index % 2 === 0 ? 1280 : 375 });
      for (const path of [
        `/help-center/privacy-policy?language=${locale}`,
        `/mobile-terms?lang=${locale}&isMobile=true`,
      ]) {
        await page.goto(`${kirish.server.origin}${path}`);
        await page.locator('article.help-article h1').waitFor({ timeout: 20_000 });
        await page.waitForLoadState('networkidle').catch(() => undefined);
        expect(await page.locator('html').getAttribute('lang'), path).toBe(LANGUAGE_TAGS[locale]);
        found.push(...(await axeViolations(page)).map((line) => `${path} ${line}`));
      }
      await context.close();
    }
    expect(found).toEqual([]);
  });
});
