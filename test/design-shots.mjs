/**
 * `npm run design:shots -- <label>` (which builds first): every main screen of the account site, the
 * consent page and the widget on the demo partner, at 1280 and 375 px, in English and Uzbek (issue 35:
 * two locales), written as WebP to docs/design/<label>/<screen>-<locale>-<width>.webp for docs/design.md
 * (before/after pictures). `--locales en` takes one locale only, `--only pay,validation` those screens. A
 * tool, not a test: it starts the built server on a fresh SQLite file (demo data, as `npm start`),
 * signs in as the demo account, and visits each screen the way a person would.
 *
 * Exit status: 0 when every screen was taken, 1 otherwise.
 */
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { launchBrowser } from './bench/web/browser.mjs';
import { startServer } from './bench/web/server.mjs';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const texts = (locale) => JSON.parse(readFileSync(join(repoRoot, `server/src/locales/${locale}.json`), 'utf8'));
const WIDTHS = [1280, 375];
/** The locales pictured, and the browser language each context asks for. */
const LOCALE_TAGS = { en: 'en-US', uz: 'uz-UZ', ru: 'ru-RU', uzc: 'uz-Cyrl-UZ', kaa: 'kaa' };
const DEMO = { phone: '901234567', password: 'Samarqand-Buxoro-2026' };

/** The screens, each reached from a signed-in (or signed-out) page in its own context. */
const SCREENS = [
  { name: 'login', path: '/login', signedIn: false },
  {
    // Step 2 of identifier-first sign-in: the account chip, the password, Try another way.
    name: 'login-password',
    path: '/login',
    signedIn: false,
    act: async (page, t) => {
      await page.getByLabel(t.phone_or_email_label, { exact: true }).fill(DEMO.phone);
      await page.getByRole('button', { name: t.continue, exact: true }).click();
      await page.getByLabel(t.password_label, { exact: true }).waitFor();
    },
  },
  { name: 'register', path: '/register', signedIn: false },
  { name: 'reset-password', path: '/reset-password', signedIn: false },
  { name: 'home', path: '/' },
  {
    // The account menu, open.
    name: 'account-menu',
    path: '/personal',
    act: async (page) => {
      await page.locator('header.topbar button[aria-expanded]').click();
      await page.locator('.account-menu-panel').waitFor();
    },
  },
  { name: 'personal', path: '/personal' },
  { name: 'personal-edit', path: '/personal/edit' },
  { name: 'personal-edit-name', path: '/personal/edit/name' },
  { name: 'personal-edit-photo', path: '/personal/edit/photo' },
  { name: 'personal-address', path: '/personal/address' },
  { name: 'security', path: '/security' },
  { name: 'security-password', path: '/security/user-data/password/' },
  { name: 'security-sessions', path: '/security/active-sessions/' },
  { name: 'security-login-methods', path: '/security/login-methods/' },
  { name: 'developers', path: '/developers' },
  { name: 'developers-new', path: '/developers/new' },
  {
    name: 'consent',
    path:
      '/oauth?client_id=kirish-demo&redirect_uri={DEMO}/callback&response_type=code&scope=openid%20profile%20phone&state=s&code_challenge=' +
      'x'.repeat(43) +
      '&code_challenge_method=S256',
  },
  { name: 'not-found', path: '/no-such-page', signedIn: false },
  { name: 'widget-demo', demo: true, signedIn: false },
  { name: 'help-article', path: '/help-center/privacy-policy', signedIn: false },
  { name: 'complaints', path: '/help-center/my-complaints' },
  { name: 'complaint-new', path: '/help-center/my-complaints?new=1' },
  { name: 'validation', path: '/validation' },
  { name: 'pay', path: '/pay' },
  {
    // Login's QR step: the code to scan with a signed-in phone, and its countdown.
    name: 'login-qr',
    path: '/login',
    signedIn: false,
    act: async (page, t) => {
      // The prerendered page's buttons work once its script has taken over (its submit is enabled then).
      await page.locator('form button[type=submit]:enabled').first().waitFor();
      await page.getByRole('button', { name: t.qr_sign_in, exact: true }).click();
      await page.locator('.qr-code svg, .qr-code img, svg.qr-code').first().waitFor();
    },
  },
  { name: 'qr-scanner', path: '/personal/qr-scanner' },
  // My companies (issue 42): the list, the claim form, and answering reviews as the demo's approved company.
  { name: 'reviews-my-companies', path: '/projects/review/my-companies' },
  { name: 'reviews-company-claim', path: '/projects/review/my-companies?claim=1' },
  {
    name: 'reviews-company-reviews',
    path: '/projects/review/my-companies',
    act: async (page, t) => {
      await page.locator('.company-card .button-secondary').first().click();
      await page.getByRole('heading', { name: t.reviews_companies_answer, exact: true }).waitFor();
      await page.locator('.review-card').first().waitFor();
    },
  },
  // Hissa (issue 42): the chooser (the demo's default address is in Chilanzar), then Chilanzar's projects.
  {
    name: 'hissa-choose',
    path: '/projects/hissa',
    act: async (page, t) => {
      await page.getByRole('button', { name: t.hissa_place_change, exact: true }).click();
      await page.getByRole('button', { name: t.hissa_show_projects, exact: true }).waitFor();
    },
  },
  {
    name: 'hissa-projects',
    path: '/projects/hissa?region=tashkent-city&district=chilanzar',
    act: async (page) => {
      await page.getByRole('article').first().waitFor();
    },
  },
  {
    name: 'hissa-project',
    path: '/projects/hissa?region=tashkent-city&district=chilanzar',
    act: async (page, t) => {
      await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
      await page.getByRole('heading', { name: t.hissa_contribute_title, exact: true }).waitFor();
    },
  },
  { name: 'hissa-mine', path: '/projects/hissa?mine=1' },
];

async function signIn(page, origin, t) {
  await page.goto(`${origin}/login`);
  await page.getByLabel(t.phone_or_email_label, { exact: true }).fill(DEMO.phone);
  await page.getByRole('button', { name: t.continue, exact: true }).click();
  await page.getByLabel(t.password_label, { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: t.sign_in, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 });
}

async function shoot(page, file) {
  // Let lazy chunks, photos and the frames settle; animations end in well under a second.
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(700);
  // A full-page capture leaves frames below the first screen blank (another site's frame is painted
  // by its own process): the window is made as tall as the page instead.
  const viewport = page.viewportSize();
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
  await page.waitForTimeout(300);
  const png = await page.screenshot();
  await page.setViewportSize(viewport);
  await sharp(png).webp({ quality: 70 }).toFile(file);
}

async function main() {
  const label = process.argv[2];
  const localesFlag = process.argv.indexOf('--locales');
  const locales = localesFlag > 0 ? process.argv[localesFlag + 1].split(',') : ['en', 'uz'];
  // `--only a,b`: just those screens (by name), to look again at what a change touched.
  const onlyFlag = process.argv.indexOf('--only');
  const only = onlyFlag > 0 ? new Set(process.argv[onlyFlag + 1].split(',')) : null;
  const screens = only ? SCREENS.filter((screen) => only.has(screen.name)) : SCREENS;
  if (!label || !/^[a-z0-9-]+$/.test(label) || !locales.every((locale) => locale in LOCALE_TAGS)) {
    console.error('design:shots: give a label, e.g. `npm run design:shots -- before`');
    return 2;
  }
  const outDir = join(repoRoot, 'docs', 'design', label);
  await mkdir(outDir, { recursive: true });
  const tempDir = await mkdtemp(join(os.tmpdir(), 'kirish-design-'));
  let server;
  let browser;
  let failed = 0;
  try {
    server = await startServer(join(tempDir, 'kirish.db'));
    browser = await launchBrowser();
    for (const [locale, width] of locales.flatMap((l) => WIDTHS.map((w) => [l, w]))) {
      const options = { viewport: { width, height: 800 }, deviceScaleFactor: 1, locale: LOCALE_TAGS[locale] };
      // The `_locale` cookie (docs/product.md §4) settles the language whatever the browser asks for.
      const cookie = { name: '_locale', value: locale, url: server.origin };
      const context = await browser.newContext({ ...options, timezoneId: 'Asia/Tashkent' });
      const signedOut = await browser.newContext({ ...options, timezoneId: 'Asia/Tashkent' });
      await context.addCookies([cookie]);
      await signedOut.addCookies([cookie]);
      const page = await context.newPage();
      await signIn(page, server.origin, texts(locale));
      const outPage = await signedOut.newPage();
      for (const screen of screens) {
        const target = screen.signedIn === false ? outPage : page;
        const file = join(outDir, `${screen.name}-${locale}-${width}.webp`);
        try {
          const url = screen.demo
            ? server.demoOrigin
            : `${server.origin}${screen.path.replace('{DEMO}', server.demoOrigin)}`;
          await target.goto(url);
          if (screen.act) await screen.act(target, texts(locale));
          await shoot(target, file);
          console.log(`  ${screen.name}-${locale}-${width}.webp`);
        } catch (error) {
          failed += 1;
          console.error(`  ${screen.name}-${locale}-${width}: ${error.message}`);
        }
      }
      await context.close();
      await signedOut.close();
    }
  } finally {
    await browser?.close();
    await server?.stop();
    await rm(tempDir, { recursive: true, force: true });
  }
  console.log(
    `design:shots: ${screens.length * WIDTHS.length * locales.length - failed} pictures in docs/design/${label}/`,
  );
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
