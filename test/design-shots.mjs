/**
 * `npm run design:shots -- <label>` (which builds first): every main screen of the account site, the
 * consent page and the widget on the demo partner, at 1280 and 375 px, in English, written as WebP to
 * docs/design/<label>/<screen>-<width>.webp for docs/design.md (issue 12's before/after pictures). A
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
const en = JSON.parse(readFileSync(join(repoRoot, 'server/src/locales/en.json'), 'utf8'));
const WIDTHS = [1280, 375];
const DEMO = { phone: '901234567', password: 'Samarqand-Buxoro-2026' };

/** The screens, each reached from a signed-in (or signed-out) page in its own context. */
const SCREENS = [
  { name: 'login', path: '/login', signedIn: false },
  { name: 'register', path: '/register', signedIn: false },
  { name: 'reset-password', path: '/reset-password', signedIn: false },
  { name: 'home', path: '/' },
  { name: 'personal', path: '/personal' },
  { name: 'personal-edit', path: '/personal/edit' },
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
];

async function signIn(page, origin) {
  await page.goto(`${origin}/login`);
  await page.getByLabel(en.phone_or_email_label, { exact: true }).fill(DEMO.phone);
  await page.getByRole('button', { name: en.continue, exact: true }).click();
  await page.getByLabel(en.password_label, { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: en.sign_in, exact: true }).click();
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
  if (!label || !/^[a-z0-9-]+$/.test(label)) {
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
    for (const width of WIDTHS) {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        deviceScaleFactor: 1,
        locale: 'en-US',
        timezoneId: 'Asia/Tashkent',
      });
      const signedOut = await browser.newContext({
        viewport: { width, height: 800 },
        deviceScaleFactor: 1,
        locale: 'en-US',
        timezoneId: 'Asia/Tashkent',
      });
      const page = await context.newPage();
      await signIn(page, server.origin);
      const outPage = await signedOut.newPage();
      for (const screen of SCREENS) {
        const target = screen.signedIn === false ? outPage : page;
        const file = join(outDir, `${screen.name}-${width}.webp`);
        try {
          const url = screen.demo
            ? server.demoOrigin
            : `${server.origin}${screen.path.replace('{DEMO}', server.demoOrigin)}`;
          await target.goto(url);
          await shoot(target, file);
          console.log(`  ${screen.name}-${width}.webp`);
        } catch (error) {
          failed += 1;
          console.error(`  ${screen.name}-${width}: ${error.message}`);
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
  console.log(`design:shots: ${SCREENS.length * WIDTHS.length - failed} pictures in docs/design/${label}/`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
