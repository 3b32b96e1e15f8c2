/**
 * The site's shell in Debian's Chromium against the built server (issue 12): each route's title in
 * the active locale, the legal links under the sign-in card, the account in the top bar, the eye of
 * a password field, toasts clear of the language switcher, and a spinner while a slow screen loads.
 * Screenshots of the sign-in page and Home at 1280 and 375 px.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import ru from '../../server/src/locales/ru.json' with { type: 'json' };
import { DEMO_ACCOUNT } from '../../server/src/demo-data.js';
import { saveScreenshot } from '../support/browser.js';
import { continueWith, expectHome, national, signInWithPassword, text, waitForHeading } from '../support/flows.js';
import { usePagePool } from '../support/page-pool.js';
import { useRunningKirish } from '../support/running-kirish.js';

const kirish = useRunningKirish();
const { freshPage, closeAll } = usePagePool(kirish);

const titled = (key: string, table: Record<string, string> = {}) =>
  `${table[key] ?? text(key)} — ${table.app_name ?? text('app_name')}`;

async function waitForTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((expected) => document.title === expected, title, { timeout: 20_000 });
}

/** The rectangles of the language switcher and of a toast list as the site lays them out. */
async function toastAndSwitcher(page: Page) {
  return page.evaluate(() => {
    // The toast host loads with the first toast; its markup and classes are what styles.css places.
    const host = document.body.appendChild(document.createElement('section'));
    host.className = 'toasts';
    host.innerHTML =
      '<div class="toast toast-error"><span class="toast-icon">✕</span><p class="toast-text">A long enough message to wrap</p></div>'.repeat(
        3,
      );
    const [toasts, switcher] = [host, document.querySelector('.locale-switcher select')].map((element) => {
      const box = element?.getBoundingClientRect();
      return box ? { top: box.top, bottom: box.bottom, left: box.left, right: box.right } : null;
    });
    host.remove();
    return { toasts, switcher };
  });
}

describe('the page title (issue 12, accessibility)', () => {
  it('names each route in the active locale, and follows navigation and a change of language', async () => {
    const { page } = await freshPage();
    // The prerendered page carries it before its script has run.
    const prerendered = await page.request.get(`${kirish.server.origin}/login`, {
      headers: { 'Accept-Language': 'ru' },
    });
    expect(await prerendered.text()).toContain(`<title>${titled('title_login', ru)}</title>`);
    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await waitForTitle(page, titled('title_login'));

    await page.getByLabel(text('choose_language'), { exact: true }).selectOption('ru');
    await waitForTitle(page, titled('title_login', ru));
    await page.getByLabel(ru.choose_language, { exact: true }).selectOption('en');
    await waitForTitle(page, titled('title_login'));

    // The tab's icon is the brand's mark, a file of the site.
    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    const iconResponse = await page.request.get(`${kirish.server.origin}${icon ?? '/none'}`);
    expect(iconResponse.headers()['content-type']).toContain('image/svg+xml');

    await page.goto(`${kirish.server.origin}/no-such-page`);
    await waitForTitle(page, titled('title_not_found'));
    expect(await page.title()).toBe('Page not found — Kirish');
    await closeAll();
  });
});

describe('the sign-in card', () => {
  it.each([1280, 375])('has the privacy policy and the terms under it, and a password eye (%i px)', async (width) => {
    const { page } = await freshPage(width);
    for (const path of ['/login', '/register']) {
      await page.goto(`${kirish.server.origin}${path}`);
      const footer = page.locator('footer');
      expect(await footer.getByRole('link', { name: text('legal_privacy'), exact: true }).getAttribute('href')).toBe(
        '/help-center/privacy-policy',
      );
      expect(await footer.getByRole('link', { name: text('legal_terms'), exact: true }).getAttribute('href')).toBe(
        '/help-center/terms',
      );
      // Under the card, not beside it.
      const card = await page.locator('main.card').boundingBox();
      const links = await footer.boundingBox();
      expect(links && card && links.y >= card.y + card.height).toBe(true);
    }

    await page.goto(`${kirish.server.origin}/login`);
    await waitForHeading(page, text('login_title'));
    await continueWith(page, national(DEMO_ACCOUNT.phone));
    const password = page.getByLabel(text('password_label'), { exact: true });
    await password.fill('secret-words');
    const eye = page.getByRole('button', { name: text('show_password'), exact: true });
    expect(await eye.locator('.icon-eye').count()).toBe(1);
    await eye.click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: text('hide_password'), exact: true }).click();
    expect(await password.getAttribute('type')).toBe('password');

    const { toasts, switcher } = await toastAndSwitcher(page);
    expect(toasts && switcher).toBeTruthy();
    // Toasts never cover the language switcher: below it, or (on a phone) at the bottom.
    expect(toasts!.top >= switcher!.bottom || toasts!.bottom <= switcher!.top || toasts!.right <= switcher!.left).toBe(
      true,
    );
    await saveScreenshot(page, `shell-login-${width}`);
    await closeAll();
  });
});

describe('the signed-in shell', () => {
  it.each([1280, 375])(
    'shows the account in the top bar, names the page, and a spinner while a slow screen loads (%i px)',
    async (width) => {
      const { page } = await freshPage(width);
      await page.goto(`${kirish.server.origin}/login`);
      await signInWithPassword(page, DEMO_ACCOUNT.phone, DEMO_ACCOUNT.password);
      await expectHome(page, DEMO_ACCOUNT.firstName);
      await waitForTitle(page, titled('title_home'));

      // The account is the top bar's menu button (issue 35); Sign out is inside the menu, not beside it.
      const account = page.locator('header.topbar').getByRole('button', {
        name: text('account_menu_label', { name: `${DEMO_ACCOUNT.firstName} ${DEMO_ACCOUNT.lastName}` }),
      });
      await account.waitFor();
      expect(await account.getAttribute('aria-expanded')).toBe('false');
      expect(await account.locator('.avatar').innerText()).toBe('AK');
      expect(
        await page
          .locator('header.topbar')
          .getByRole('button', { name: text('sign_out'), exact: true })
          .count(),
      ).toBe(0);
      // Home lists only the sections that exist: none leads to a "coming soon" page. Developers is in the
      // account menu and the footer, the sessions in Home's status (issue 35).
      const sections = await page
        .getByRole('navigation', { name: text('home_title'), exact: true })
        .locator('a .row-name')
        .allInnerTexts();
      expect(sections).toEqual(
        ['section_personal', 'section_security', 'section_payments', 'section_reviews', 'section_hissa'].map((key) =>
          text(key),
        ),
      );
      expect(
        await page
          .getByRole('contentinfo')
          .getByRole('link', { name: text('section_developers'), exact: true })
          .count(),
      ).toBe(1);
      await saveScreenshot(page, `shell-home-${width}`);

      // The Security screen's chunk arrives slowly: the page shows a spinner meanwhile, not an empty frame.
      let release: (() => void) | undefined;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/security-screen-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole('link', { name: new RegExp(`^${text('section_security')}`) }).click();
      const spinner = page.locator('main .screen-loading[aria-busy="true"]');
      await spinner.waitFor();
      await page.waitForFunction(() => {
        const after = document.querySelector('main .screen-loading');
        return after !== null && getComputedStyle(after, '::after').opacity === '1';
      });
      release?.();
      await waitForHeading(page, text('section_security'));
      await waitForTitle(page, titled('title_security'));
      await closeAll();
    },
  );
});
